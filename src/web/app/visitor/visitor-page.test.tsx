import { describe, expect, it } from 'vitest';
import type { Property } from '../../../shared/schemas/properties';
import { renderVisitorPage, scriptSafeJson } from './visitor-page';

const TEMPLATE =
  '<!doctype html><div id="root"><!--visitor-app--></div><!--visitor-state--><script type="module" src="/v.js"></script>';

// Stored texts that try to end the state's script element, open a comment, run code, or
// be read as a replacement pattern ('$&', "$'") when placed into the template.
const NAME = '</script><script>window.__xss=1</script>';
const DESCRIPTION = "<!-- <img src=x onerror=alert(1)> $& $' \u2028 end";

const property: Property = {
  id: 7,
  userId: 3,
  name: NAME,
  description: DESCRIPTION,
  address: '1 </SCRIPT> Street',
  city: 'Springfield',
  state: 'NY',
  zipCode: '10001',
  imageUrl: null,
  owner: {
    id: 3,
    userName: 'owner<b>',
    name: 'owner<b>',
    email: 'owner@example.com',
    phone: '+12125550100',
  },
  units: [
    {
      id: 11,
      unitNumber: 'X1',
      propertyId: 7,
      description: '</script>',
      imageUrl: null,
      bedrooms: 1,
      bathrooms: 1,
      squareFeet: 500,
      rent: 1000,
      status: 'Available',
    },
  ],
};

function stateOf(html: string): unknown {
  const match = /<script type="application\/json" id="visitor-state">([\s\S]*?)<\/script>/.exec(
    html,
  );
  if (!match?.[1]) throw new Error('no state element');
  return JSON.parse(match[1]);
}

describe("the visitor page's server rendering", () => {
  const html = renderVisitorPage({
    template: TEMPLATE,
    items: [property],
    totalHeader: '1',
    isPhone: false,
  });

  it('shows stored text as text: nothing it holds becomes an element', () => {
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;window.__xss=1&lt;/script&gt;');
    expect(html).not.toContain('<script>window.__xss');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<b>');
    // The template's own script, and the state's closing tag: no other script boundary.
    expect(html.match(/<\/script/gi)).toHaveLength(2);
    expect(html.match(/<script/gi)).toHaveLength(2);
  });

  it('embeds the state exactly, to be read back when the page hydrates', () => {
    expect(stateOf(html)).toEqual({
      firstPage: { items: [property], total: 1, offset: 0 },
      isPhone: false,
    });
  });

  it("renders the catalogue's first page with its texts", () => {
    // React marks where adjacent text nodes meet; the reader sees the texts joined.
    const text = html.replaceAll('<!-- -->', '');
    expect(text).toContain('Find Your Perfect Home');
    expect(text).toContain('data-testid="property-card"');
    expect(text).toContain('1 unit');
    expect(text).toContain('&lt;!-- &lt;img src=x onerror=alert(1)&gt; $&amp; $&#x27;');
    expect(text).toContain('Showing 1 of 1');
    expect(html).not.toContain('<!--visitor-app-->');
    expect(html).not.toContain('<!--visitor-state-->');
  });
});

describe('scriptSafeJson', () => {
  it('leaves no character that could end a script element or open a comment', () => {
    const text = scriptSafeJson({ a: '</script><!-- & \u2028\u2029 >' });
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual({ a: '</script><!-- & \u2028\u2029 >' });
  });
});
