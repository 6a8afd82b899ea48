import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { MessagePage } from '../components/page-states';

export function NotFoundPage() {
  return (
    <MessagePage title="Page not found">
      There is nothing at this address.
      <br />
      <Button component={Link} to="/" mt="md" variant="light">
        Go home
      </Button>
    </MessagePage>
  );
}
