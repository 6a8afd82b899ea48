import {
  SegmentedControl,
  Text,
  useMantineColorScheme,
  type MantineColorScheme,
} from '@mantine/core';

const CHOICES: { value: MantineColorScheme; label: string }[] = [
  { value: 'auto', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

/**
 * Light, dark, or whatever the system says (the default). Mantine keeps the choice in this
 * browser's storage, so it outlives a reload and a logout.
 */
export function ColorSchemeToggle() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <div>
      <Text size="xs" c="dimmed" mb={4} id="color-scheme-label">
        Appearance
      </Text>
      <SegmentedControl
        fullWidth
        size="xs"
        value={colorScheme}
        onChange={(value) => setColorScheme(value as MantineColorScheme)}
        data={CHOICES}
        aria-labelledby="color-scheme-label"
      />
    </div>
  );
}
