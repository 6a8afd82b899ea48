import { renderToString } from 'react-dom/server';
import type { Property } from '../../../shared/schemas/properties';
import { publicPropertiesUrl, toPropertyPage } from '../../features/property-browser';
import { STATE_ELEMENT_ID, VisitorApp, type VisitorState } from './visitor-app';

/** Where the server-rendered app and its state go in visitor.html. */
export const APP_MARKER = '<!--visitor-app-->';
export const STATE_MARKER = '<!--visitor-state-->';

/** The call whose answer the page renders: the catalogue's first page, no search. */
export const firstPageUrl = publicPropertiesUrl('', 0);

/**
 * JSON that is safe inside a <script> element: '<' is escaped, so no stored text can close
 * the element ('</script>') or open a comment; U+2028/2029 for older parsers.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export interface VisitorPageInput {
  /** visitor.html as built. */
  template: string;
  /** The answer of `firstPageUrl`: its rows and its X-Total-Count header. */
  items: Property[];
  totalHeader: string | null;
  isPhone: boolean;
}

/** The visitor's '/' as HTML, with its first page of properties, ready to hydrate. */
export function renderVisitorPage({ template, items, totalHeader, isPhone }: VisitorPageInput) {
  const state: VisitorState = { firstPage: toPropertyPage(items, totalHeader, 0), isPhone };
  const html = renderToString(<VisitorApp state={state} />);
  const stateScript = `<script type="application/json" id="${STATE_ELEMENT_ID}">${scriptSafeJson(state)}</script>`;
  // Functions as replacements: a '$' in the content must not be read as a pattern.
  return template.replace(APP_MARKER, () => html).replace(STATE_MARKER, () => stateScript);
}
