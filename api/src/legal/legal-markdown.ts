import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

/**
 * The owner's Markdown as safe HTML (docs/decisions.md "Legal pages"). Two locks, each enough on
 * its own: markdown-it with `html: false` writes raw HTML in the text out as text, and refuses
 * javascript:, vbscript: and data: links; sanitize-html then keeps only the tags and attributes
 * Markdown makes, links only to http(s), mailto and tel (or a path of the shop), and no on*
 * attributes, styles or scripts. A `# ` heading becomes an h2: the page's title is its only h1.
 */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    's',
    'a',
    'blockquote',
    'code',
    'pre',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'title'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: { h1: 'h2' },
};

export function renderLegalMarkdown(text: string): string {
  return sanitizeHtml(markdown.render(text), SANITIZE);
}

/** `{{name}}` replaced by its value where `values` has one; any other braces stay as written, so the owner sees them in the preview. */
export function fillPlaceholders(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{\{\s*([A-Za-z]+)\s*\}\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? values[name] : whole));
}
