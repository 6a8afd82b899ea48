import { Progress, Stack, Text } from '@mantine/core';
import type { SendProgress } from '../api/send-import';

const rows = (n: number) => n.toLocaleString('en-US');

/** What the bar says, in words: the same for the eye and for a screen reader. */
export function progressText(mode: 'preview' | 'commit', progress: SendProgress | null): string {
  if (!progress) return mode === 'preview' ? 'Sending the file…' : 'Sending the file to import…';
  const { phase, done, total } = progress;
  switch (phase) {
    case 'sending':
      // Whole tens: a screen reader hears the news, not every byte.
      return `Sending the file: ${Math.floor((done / Math.max(total, 1)) * 10) * 10}%`;
    case 'reading':
      return 'Reading the file…';
    case 'checking':
      return `Checked ${rows(done)} of ${rows(total)} rows`;
    case 'writing':
      return mode === 'preview'
        ? `Tried ${rows(done)} of ${rows(total)} rows (nothing is kept)`
        : `Saved ${rows(done)} of ${rows(total)} rows`;
    case 'done':
      return mode === 'preview' ? 'Checked every row' : 'Finishing the import…';
  }
}

/**
 * The progress of a preview or an import: the bytes of the file sent, then the rows the
 * server has checked and written (as it counts them, a sheet at a time).
 */
export function ImportProgressBar({
  mode,
  progress,
}: {
  mode: 'preview' | 'commit';
  progress: SendProgress | null;
}) {
  const text = progressText(mode, progress);
  const known = progress && progress.phase !== 'reading' && progress.total > 0;
  const value = known ? Math.round((progress.done / progress.total) * 100) : 100;
  return (
    <Stack gap={4}>
      <Progress
        value={value}
        striped={!known}
        animated={!known}
        aria-label={mode === 'preview' ? 'Checking the file' : 'Importing the file'}
        aria-valuetext={text}
      />
      <Text size="sm" role="status" aria-live="polite">
        {text}
      </Text>
    </Stack>
  );
}
