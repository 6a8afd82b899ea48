import { Badge } from '@mantine/core';

const COLORS: Record<string, string> = {
  available: 'green',
  rented: 'blue',
  maintenance: 'orange',
  unavailable: 'gray',
};

/** A unit's status as a coloured badge; the text carries the meaning, the colour only helps. */
export function UnitStatusBadge({ status }: { status: string }) {
  return (
    <Badge color={COLORS[status.toLowerCase()] ?? 'gray'} variant="light">
      {status}
    </Badge>
  );
}
