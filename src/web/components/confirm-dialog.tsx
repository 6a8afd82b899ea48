import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useCallback, useRef, useState, type ReactElement } from 'react';

/** What an irreversible action asks before it happens (docs/product.md section 2, 'Asking first'). */
export interface Confirmation {
  /** The question: 'Move Alicia Reyes out?' */
  title: string;
  /** What will happen, one sentence each, naming the people, units, days and amounts. */
  happens: string[];
  /** What cannot be undone, and what the landlord can do instead, if anything. */
  cannotUndo: string;
  /** The confirming button's words: the action itself ('Move out'), never 'OK'. */
  confirmLabel: string;
  /** The action removes or ends something: the button is red. */
  danger?: boolean;
}

interface Asked {
  confirmation: Confirmation;
  answer(confirmed: boolean): void;
}

/**
 * The one dialog every irreversible action opens before it is sent: what will happen, what
 * cannot be undone, Cancel (focused first: the choice that changes nothing) and the action.
 * `ask` resolves true only when the action is chosen; closing or Cancel resolves false.
 * Render `dialog` once in the component that asks.
 */
export function useConfirmation(): {
  ask(confirmation: Confirmation): Promise<boolean>;
  dialog: ReactElement;
} {
  const [asked, setAsked] = useState<Asked | null>(null);
  // The last question stays on screen while the dialog closes.
  const shown = useRef<Confirmation | null>(null);
  if (asked) shown.current = asked.confirmation;

  const ask = useCallback(
    (confirmation: Confirmation) =>
      new Promise<boolean>((resolve) => {
        setAsked({ confirmation, answer: resolve });
      }),
    [],
  );

  function answer(confirmed: boolean) {
    asked?.answer(confirmed);
    setAsked(null);
  }

  const confirmation = shown.current;
  const dialog = (
    <Modal
      opened={asked !== null}
      onClose={() => answer(false)}
      title={confirmation?.title}
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      // Above a dialog that asks from inside another one (the deposit settlement).
      zIndex={400}
    >
      {confirmation ? (
        <Stack gap="sm" data-testid="confirmation">
          {confirmation.happens.map((sentence) => (
            <Text key={sentence} size="sm">
              {sentence}
            </Text>
          ))}
          <Text size="sm" fw={600}>
            {confirmation.cannotUndo}
          </Text>
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" data-autofocus onClick={() => answer(false)}>
              Cancel
            </Button>
            <Button color={confirmation.danger ? 'red.8' : undefined} onClick={() => answer(true)}>
              {confirmation.confirmLabel}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
  return { ask, dialog };
}
