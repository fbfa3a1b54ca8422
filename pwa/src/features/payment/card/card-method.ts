/**
 * A card form ready to pay: tokenize() answers the card token, null when the form itself shows
 * what is missing, or throws 'Card tokenization failed'.
 */
export interface CardMethod {
  tokenize(): Promise<string | null>;
}
