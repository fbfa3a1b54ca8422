import { Heading, Link, Text } from './elements';
import type { MailTemplates } from './types';
import { ActionButton, MailLayout, styles } from './layout';
import type { MailTemplate } from './mail-template';

/** The go-live checklist's test message to the shop's mailbox: following its link proves the shop's mail arrives. */
export const mailTest: MailTemplate<MailTemplates['mail-test']> = {
  label: 'Test e-mail (to the shop, from the go-live checklist)',
  subject: (_data, shop) => `${shop.name}: your outgoing e-mail works`,
  Email: ({ data, shop }) => (
    <MailLayout
      shop={shop}
      title={mailTest.subject(data, shop)}
      preview="Follow the link to tick this line of the go-live checklist."
      footerNote={`Sent to the shop by the ${shop.name} website because the owner asked for a test e-mail.`}
    >
      <Heading as="h1" style={styles.heading}>
        Your e-mail reaches the shop
      </Heading>
      <Text style={styles.text}>This message was sent from the go-live checklist. Follow the link to mark outgoing e-mail as working:</Text>
      <ActionButton href={data.confirmUrl}>Confirm that e-mail arrives</ActionButton>
      <Text style={styles.text} data-skip-in-text="true">
        If the button does not work, copy this address into your browser:
        <br />
        <Link href={data.confirmUrl} style={{ ...styles.link, wordBreak: 'break-all' }}>
          {data.confirmUrl}
        </Link>
      </Text>
    </MailLayout>
  ),
};
