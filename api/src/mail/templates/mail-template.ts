import type { ReactElement } from 'react';
import type { ShopIdentity } from './types';

export interface MailTemplateProps<D> {
  data: D;
  shop: ShopIdentity;
}

/** One e-mail: its subject and its body, both from the same data; HTML and text come from the body. */
export interface MailTemplate<D> {
  /** How the admin's preview list names it. */
  label: string;
  subject: (data: D, shop: ShopIdentity) => string;
  Email: (props: MailTemplateProps<D>) => ReactElement;
}
