import type { AnchorHTMLAttributes, ReactElement, Ref } from 'react';

export type PlainLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & {
  to: string;
  ref?: Ref<HTMLAnchorElement>;
};

/**
 * How a shared piece of the shell links: the SPA passes its router's Link (no page load), the
 * visitor's server-rendered page passes PlainLink (an ordinary link into the SPA).
 */
export type LinkComponent = (props: PlainLinkProps) => ReactElement;

/** A link that loads the page it names. */
export function PlainLink({ to, ...rest }: PlainLinkProps) {
  return <a href={to} {...rest} />;
}
