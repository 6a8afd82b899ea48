import { Stack, Text } from '@mantine/core';
import type { ApplicationScreening } from '../../../../shared/schemas/applications';
import { formatPhone } from '../../../../shared/phone-format';
import { formatMoney } from '../../../lib/format';

/**
 * What the applicant told the landlord to screen on (docs/product.md section 10). An
 * application sent without the form's questions says so instead of showing blanks.
 */
export function ApplicationScreeningSummary({ screening: s }: { screening: ApplicationScreening }) {
  const asked =
    s.backgroundCheckConsent ||
    s.monthlyIncome !== null ||
    s.employer !== null ||
    s.currentAddress !== null ||
    s.currentLandlordName !== null ||
    s.hasPets !== null;
  if (!asked) {
    return (
      <Text size="xs" c="dimmed">
        Not asked (sent without the form)
      </Text>
    );
  }
  const landlord = [
    s.currentLandlordName,
    s.currentLandlordPhone ? formatPhone(s.currentLandlordPhone) : null,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <Stack gap={0} maw={300} style={{ overflowWrap: 'anywhere' }} data-testid="screening">
      <Text size="xs">
        Income: {s.monthlyIncome === null ? '—' : `${formatMoney(s.monthlyIncome)} a month`}
      </Text>
      <Text size="xs">Employer: {s.employer ?? '—'}</Text>
      <Text size="xs">Lives at: {s.currentAddress ?? '—'}</Text>
      <Text size="xs">Current landlord: {landlord || '—'}</Text>
      <Text size="xs">
        Pets:{' '}
        {s.hasPets === null
          ? '—'
          : s.hasPets
            ? `Yes${s.petsDescription ? ` (${s.petsDescription})` : ''}`
            : 'No'}
      </Text>
      <Text size="xs" fw={600}>
        Background check: {s.backgroundCheckConsent ? 'agreed' : 'not agreed'}
      </Text>
    </Stack>
  );
}
