import { Heading, Text } from './elements';
import type { MailTemplates } from './types';
import { MailLayout, styles, TypedText } from './layout';
import type { MailTemplate } from './mail-template';

/** The owner's answer from the inbox (their whole text, greeting included), with the sender's message quoted below it, as a mail program replies. */
export const inboxReply: MailTemplate<MailTemplates['inbox-reply']> = {
  label: 'Reply from the inbox (to the sender)',
  subject: (data) => (/^re:/i.test(data.originalSubject.trim()) ? data.originalSubject.trim() : `Re: ${data.originalSubject.trim()}`),
  Email: ({ data, shop }) => (
    <MailLayout
      shop={shop}
      title={inboxReply.subject(data, shop)}
      preview={data.body.slice(0, 120)}
      footerNote={`You are receiving this e-mail because you wrote to ${shop.name}. Reply to it to continue the conversation.`}
    >
      <TypedText text={data.body} />
      <Heading as="h2" style={styles.subheading}>
        You wrote
      </Heading>
      <Text style={{ ...styles.muted, fontWeight: 700 }}>{data.originalSubject}</Text>
      <blockquote style={styles.quote}>
        <TypedText text={data.originalMessage} style={styles.muted} />
      </blockquote>
    </MailLayout>
  ),
};
