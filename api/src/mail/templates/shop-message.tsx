import { Heading, Link, Text } from './elements';
import type { MailTemplates } from './types';
import { ActionButton, MailLayout, styles, TypedText } from './layout';
import type { MailTemplate } from './mail-template';

const KIND_LABEL = { contact: 'Contact form', inquiry: 'Event inquiry' } as const;

/**
 * The shop's own copy of a contact message or event inquiry (to CONTACT_TO, reply-to the sender,
 * so the owner answers with their mail program's Reply). The subject keeps the form's words:
 * 'Contact form: Wedding in May'.
 */
export const shopMessage: MailTemplate<MailTemplates['shop-message']> = {
  label: 'Contact message or inquiry (to the shop)',
  subject: (data) => `${KIND_LABEL[data.kind]}: ${data.subject}`,
  Email: ({ data, shop }) => (
    <MailLayout
      shop={shop}
      title={shopMessage.subject(data, shop)}
      preview={`From ${data.name}. Reply to this e-mail to answer.`}
      footerNote={`Sent to the shop by the ${shop.name} website. Replying goes to ${data.email}.`}
    >
      <Heading as="h1" style={styles.heading}>
        {KIND_LABEL[data.kind]}: {data.subject}
      </Heading>
      <Text style={styles.text}>
        From {data.name} (
        <Link href={`mailto:${data.email}`} style={styles.link}>
          {data.email}
        </Link>
        )
      </Text>
      <blockquote style={styles.quote}>
        <TypedText text={data.message} />
      </blockquote>
      <Text style={styles.text}>Reply to this e-mail to answer {data.name} directly, or answer from the inbox:</Text>
      <ActionButton href={data.adminUrl}>Open the inbox</ActionButton>
    </MailLayout>
  ),
};
