import { Alert, CloseButton, Group, Text } from '@mantine/core';
import { useCallback, useState } from 'react';

export type Banner = { kind: 'success' | 'error'; message: string } | null;

/** The red error banner or green success banner that forms and lists show (docs/product.md section 2). */
export function useBanner() {
  const [banner, setBanner] = useState<Banner>(null);
  const showSuccess = useCallback((message: string) => setBanner({ kind: 'success', message }), []);
  const showError = useCallback((message: string) => setBanner({ kind: 'error', message }), []);
  const clear = useCallback(() => setBanner(null), []);
  return { banner, showSuccess, showError, clear };
}

export type BannerControls = ReturnType<typeof useBanner>;

export function StatusBanner({ banner, onClose }: { banner: Banner; onClose?: () => void }) {
  if (!banner) return null;
  const isError = banner.kind === 'error';
  return (
    <Alert
      color={isError ? 'red' : 'green'}
      variant="light"
      role={isError ? 'alert' : 'status'}
      data-testid={isError ? 'error-banner' : 'success-banner'}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        {/* Mantine's darkest green is below 4.5:1 on the light green background: dark text passes. */}
        <Text size="sm" c={isError ? 'var(--mantine-color-error)' : undefined}>
          {banner.message}
        </Text>
        {onClose ? <CloseButton size="sm" aria-label="Dismiss message" onClick={onClose} /> : null}
      </Group>
    </Alert>
  );
}
