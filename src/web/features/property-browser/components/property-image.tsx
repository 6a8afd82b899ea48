import { Box, Center } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { useCallback, useState } from 'react';

/** A lazily loaded image, or a calm placeholder when there is none or it fails to load. */
export function PropertyImage({
  src,
  alt,
  height,
}: {
  src: string | null;
  alt: string;
  height: number;
}) {
  const [failed, setFailed] = useState(false);
  // A server-rendered image may have failed before the page's script ran, so before React
  // listened: a loaded image without pixels is one that failed.
  const checkEarlyFailure = useCallback((img: HTMLImageElement | null) => {
    if (img?.complete && img.naturalWidth === 0) setFailed(true);
  }, []);
  if (!src || failed) {
    return (
      <Center
        h={height}
        bg="gray.1"
        data-testid="image-placeholder"
        role="img"
        aria-label={`${alt} (no photo)`}
      >
        <IconHome size={36} stroke={1.5} color="var(--mantine-color-gray-6)" aria-hidden />
      </Center>
    );
  }
  return (
    <Box h={height} style={{ overflow: 'hidden' }}>
      <img
        ref={checkEarlyFailure}
        src={src}
        alt={alt}
        loading="lazy"
        decoding="async"
        onError={() => setFailed(true)}
        style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
      />
    </Box>
  );
}
