import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useSession } from '../../auth/session';

interface Crumb {
  label: string;
  /** Absent on the current page, the last crumb. */
  to?: string;
}

/**
 * Properties > Maple Court > Unit 101. 'Properties' is the manager's own list, or the public
 * browser for anyone else.
 */
export function PageBreadcrumbs({ trail }: { trail: Crumb[] }) {
  const { isManager } = useSession();
  const crumbs: Crumb[] = [
    { label: 'Properties', to: isManager ? '/property/create' : '/properties' },
    ...trail,
  ];
  return (
    <nav aria-label="Breadcrumb">
      <Breadcrumbs separatorMargin={6} style={{ flexWrap: 'wrap', rowGap: 4 }}>
        {crumbs.map((crumb) =>
          crumb.to ? (
            <Anchor key={crumb.label} component={Link} to={crumb.to} size="sm">
              {crumb.label}
            </Anchor>
          ) : (
            <Text key={crumb.label} size="sm" aria-current="page">
              {crumb.label}
            </Text>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}
