import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { BankLine, BookRecord } from '../../../../shared/schemas/bank';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, formatMoney } from '../../../lib/format';
import { notifyOutcome } from '../../../lib/notify';
import { useConfirmMatch, useRejectSuggestion, useUnmatch } from '../api/match-line';
import { useSession } from '../../auth/session';

function RecordText({ record, prefix }: { record: BookRecord; prefix: string }) {
  return (
    <Text size="sm">
      <Text span fw={600}>
        {prefix}:
      </Text>{' '}
      {record.label}, {formatDate(record.date)}
      {record.unpaid ? ' (unpaid: confirming marks it paid on the line date)' : ''}
    </Text>
  );
}

/** One statement line: its match, or a suggestion to confirm or turn down, or what to record. */
export function LineCard({
  line,
  onRecordPayment,
  onRecordExpense,
}: {
  line: BankLine;
  onRecordPayment(line: BankLine): void;
  onRecordExpense?(line: BankLine): void;
}) {
  const confirm = useConfirmMatch();
  const reject = useRejectSuggestion();
  const unmatch = useUnmatch();
  const writes = useSession().can('money', 'write');
  const act = async (run: () => Promise<unknown>, done: string, failed: string) => {
    try {
      await run();
      notifyOutcome('success', done);
    } catch (error) {
      notifyOutcome('error', errorMessage(error, failed));
    }
  };
  const what = `${formatMoney(line.amount)} on ${formatDate(line.postedOn)}`;
  const suggestion = line.suggestion;
  return (
    <Paper withBorder radius="md" p="sm" component="li" aria-label={`Bank line ${what}`}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {line.description}
            </Text>
            <Text size="sm" c="dimmed">
              {formatDate(line.postedOn)}
              {line.reference ? ` · Ref ${line.reference}` : ''}
            </Text>
          </Stack>
          <Text fw={700} c={line.amount < 0 ? 'red.9' : 'teal.9'} style={{ whiteSpace: 'nowrap' }}>
            {formatMoney(line.amount)}
          </Text>
        </Group>
        {line.match ? (
          <Group justify="space-between" gap="xs">
            <Group gap="xs">
              <Badge color="teal" variant="light">
                Matched
              </Badge>
              <RecordText
                record={line.match}
                prefix={line.match.kind === 'payment' ? 'Payment' : 'Expense'}
              />
            </Group>
            {writes ? (
              <Button
                size="xs"
                variant="default"
                loading={unmatch.isPending}
                onClick={() =>
                  void act(
                    () => unmatch.mutateAsync(line.id),
                    `Line of ${what} unmatched.`,
                    'Failed to unmatch',
                  )
                }
              >
                Unmatch
              </Button>
            ) : null}
          </Group>
        ) : suggestion ? (
          <Stack gap={6}>
            <RecordText record={suggestion} prefix="Suggested" />
            {writes ? (
              <Group gap="xs">
                <Button
                  size="xs"
                  loading={confirm.isPending}
                  onClick={() =>
                    void act(
                      () =>
                        confirm.mutateAsync({
                          lineId: line.id,
                          body: { kind: suggestion.kind, recordId: suggestion.id },
                        }),
                      `Line of ${what} matched.`,
                      'Failed to confirm the match',
                    )
                  }
                >
                  Confirm match
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  loading={reject.isPending}
                  onClick={() =>
                    void act(
                      () =>
                        reject.mutateAsync({
                          lineId: line.id,
                          body: { kind: suggestion.kind, recordId: suggestion.id },
                        }),
                      'Suggestion turned down.',
                      'Failed to turn the suggestion down',
                    )
                  }
                >
                  Not this one
                </Button>
              </Group>
            ) : null}
          </Stack>
        ) : (
          <Group gap="xs">
            <Badge color="orange" variant="light">
              Unmatched
            </Badge>
            {!writes ? null : line.amount > 0 ? (
              <Button size="xs" variant="light" onClick={() => onRecordPayment(line)}>
                Record as payment
              </Button>
            ) : onRecordExpense ? (
              <Button size="xs" variant="light" onClick={() => onRecordExpense(line)}>
                Record as expense
              </Button>
            ) : null}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
