import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { ApplicationModal } from '../../features/applications';
// The visitor's page loads only the styles it shows (visitor-styles.ts); the dialog's own
// arrive with it.
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';

const queryClient = new QueryClient();

/** The SPA's application form on the visitor's page, which has no query client of its own. */
export function VisitorApplicationModal(props: ComponentProps<typeof ApplicationModal>) {
  return (
    <QueryClientProvider client={queryClient}>
      <ApplicationModal {...props} />
    </QueryClientProvider>
  );
}
