import { Link } from 'react-router';
import type { PlainLinkProps } from '../../components/plain-link';

/** The shell's links inside the SPA: the router's, so following one loads no page. */
export function RouterLink(props: PlainLinkProps) {
  return <Link {...props} />;
}
