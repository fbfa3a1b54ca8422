import { Heading, Text } from './elements';
import type { MailTemplates } from './types';
import { MailLayout, styles } from './layout';
import type { MailTemplate } from './mail-template';

/**
 * To whoever wrote through the contact form: we have it. It echoes nothing the sender typed but
 * their name: anyone can type any address into the form, so a copy of the message would let the
 * form mail a stranger text of the sender's choosing from the shop's address.
 */
export const contactAck: MailTemplate<MailTemplates['contact-ack']> = {
  label: 'Contact message received (to the sender)',
  subject: () => 'We received your message',
  Email: ({ data, shop }) => (
    <MailLayout
      shop={shop}
      title={contactAck.subject(data, shop)}
      preview="Thank you for writing. We will get back to you as soon as possible."
      footerNote={`You are receiving this e-mail because this address was given in the contact form of ${shop.name}.`}
    >
      <Heading as="h1" style={styles.heading}>
        Thank you for your message, {data.name}
      </Heading>
      <Text style={styles.text}>We will get back to you as soon as possible. To add something, reply to this e-mail.</Text>
    </MailLayout>
  ),
};
