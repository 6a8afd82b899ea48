import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

/**
 * The frame of every money dialog: full screen on a phone. Its content is unmounted while it is
 * closed, so each opening starts with a fresh form (and a fresh payment key); closing gives the
 * focus back to the button that opened it.
 */
export function MoneyModal({
  opened,
  title,
  onClose,
  children,
}: {
  opened: boolean;
  title: string;
  onClose(): void;
  children: ReactNode;
}) {
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      {children}
    </Modal>
  );
}
