import {
  Button,
  CloseButton,
  Group,
  List,
  Paper,
  Progress,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconCheck, IconCircleDashed } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ONBOARDING_STEPS, type OnboardingStep } from '../../../../shared/schemas/onboarding';
import { useSession } from '../../auth/session';
import { useOnboarding } from '../api/get-onboarding';

const STEPS: Record<OnboardingStep, { label: string; action: string; to: string }> = {
  property: { label: 'Add a property', action: 'Add property', to: '/property/create' },
  unit: { label: 'Add its units', action: 'Add units', to: '/unit/create' },
  tenant: { label: 'Place a tenant in a unit', action: 'Place tenant', to: '/tenant/create' },
  lease: { label: 'Create a lease', action: 'Create lease', to: '/lease/create' },
  // The tenants list offers Invite beside each tenant no account acts as yet.
  invitation: {
    label: 'Invite the tenant to the portal',
    action: 'Invite tenant',
    to: '/tenants',
  },
};

/**
 * The first-run checklist on the dashboard: each step a button, ticked once the portfolio
 * holds such a record; gone when every step is done or the landlord dismisses it (this
 * browser remembers, per account).
 */
export function FirstRunChecklist() {
  const { user, can } = useSession();
  const { data } = useOnboarding();
  const [dismissed, setDismissed] = useLocalStorage({
    key: `porchlight.first-run-dismissed.${user?.id ?? 'visitor'}`,
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  // The steps are the office's to take: a bookkeeper or a read-only member is not asked.
  if (!data || dismissed || !can('portfolio', 'write')) return null;
  const doneCount = ONBOARDING_STEPS.filter((step) => data.done[step]).length;
  if (doneCount === ONBOARDING_STEPS.length) return null;

  return (
    <Paper withBorder p="md" mb="lg" component="section" aria-labelledby="first-run-title">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Title order={2} size="h4" id="first-run-title">
            Get started
          </Title>
          <Text size="sm" c="dimmed">
            {doneCount} of {ONBOARDING_STEPS.length} steps done
          </Text>
        </div>
        <CloseButton
          aria-label="Dismiss the getting-started checklist"
          onClick={() => setDismissed(true)}
        />
      </Group>
      <Progress
        value={(doneCount / ONBOARDING_STEPS.length) * 100}
        my="sm"
        aria-label="Getting started progress"
      />
      <List spacing="xs" listStyleType="none" mt="sm">
        {ONBOARDING_STEPS.map((step) => {
          const done = data.done[step];
          const { label, action, to } = STEPS[step];
          return (
            <List.Item
              key={step}
              icon={
                <ThemeIcon
                  size={22}
                  radius="xl"
                  color={done ? 'teal.8' : 'gray.6'}
                  variant={done ? 'filled' : 'light'}
                  aria-hidden
                >
                  {done ? <IconCheck size={14} /> : <IconCircleDashed size={14} />}
                </ThemeIcon>
              }
            >
              <Group gap="sm" wrap="wrap">
                <Text
                  size="sm"
                  td={done ? 'line-through' : undefined}
                  c={done ? 'dimmed' : undefined}
                >
                  {label}
                  {done ? <VisuallyHidden> (done)</VisuallyHidden> : null}
                </Text>
                {done ? null : (
                  <Button component={Link} to={to} size="compact-sm" variant="light">
                    {action}
                  </Button>
                )}
              </Group>
            </List.Item>
          );
        })}
      </List>
    </Paper>
  );
}
