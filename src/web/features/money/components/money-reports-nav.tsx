import { Button, Group } from '@mantine/core';
import { Link, useLocation } from 'react-router';

const REPORTS = [
  { to: '/rent-roll', label: 'Rent roll' },
  { to: '/arrears', label: 'Arrears' },
  { to: '/deposits', label: 'Deposits' },
];

/** The money reports share one sidebar entry; this row moves between them. */
export function MoneyReportsNav() {
  const { pathname } = useLocation();
  return (
    <Group gap="xs" mb="md" component="nav" aria-label="Money reports">
      {REPORTS.map((report) => {
        const current = pathname === report.to;
        return (
          <Button
            key={report.to}
            component={Link}
            to={report.to}
            size="xs"
            variant={current ? 'filled' : 'default'}
            aria-current={current ? 'page' : undefined}
          >
            {report.label}
          </Button>
        );
      })}
    </Group>
  );
}
