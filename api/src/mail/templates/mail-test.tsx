import { Heading, Text } from './elements';
import type { MailTemplates } from './types';
import { ActionButton, ButtonAddress, MailLayout, styles } from './layout';
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
      <ButtonAddress href={data.confirmUrl} />
    </MailLayout>
  ),
};
