/**
 * JSON inside <script> (the first screen's data block, the structured data): a `<` would let a
 * product name close the element ("</script>") or open a comment; `\u003c` parses back to the same
 * string. U+2028/2029 are escaped for old parsers.
 */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
