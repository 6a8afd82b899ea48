import { Alert } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { StatusBanner } from '../../../components/status-banner';
import { errorMessage } from '../../../lib/api-client';

/**
 * Above a form whose record belongs to a property: why it cannot be saved yet, when the caller's
 * properties failed to load or there are none.
 */
export function NoPropertiesNotice({ properties }: { properties: UseQueryResult<boolean> }) {
  return (
    <>
      {properties.isError ? (
        <StatusBanner
          banner={{
            kind: 'error',
            message: errorMessage(properties.error, 'Failed to fetch properties'),
          }}
        />
      ) : null}
      {properties.data === false ? (
        <Alert color="yellow" variant="light">
          No properties found for your account. Please create a property first.
        </Alert>
      ) : null}
    </>
  );
}
