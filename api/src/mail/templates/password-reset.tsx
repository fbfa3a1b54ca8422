import { Heading, Text } from './elements';
import type { MailTemplates } from './types';
import { ActionButton, ButtonAddress, MailLayout, styles } from './layout';
import type { MailTemplate } from './mail-template';

/** The single-use reset link; says how long it works and that ignoring the message changes nothing. */
export const passwordReset: MailTemplate<MailTemplates['password-reset']> = {
  label: 'Password reset (to the account holder)',
  subject: (_data, shop) => `Reset your ${shop.name} password`,
  Email: ({ data, shop }) => (
    <MailLayout
      shop={shop}
      title={passwordReset.subject(data, shop)}
      preview={`The link works once, for ${data.expiresInMinutes} minutes.`}
      footerNote={`You are receiving this e-mail because someone asked to reset the password of your ${shop.name} account.`}
    >
      <Heading as="h1" style={styles.heading}>
        Reset your password
      </Heading>
      <Text style={styles.text}>
        Someone (hopefully you) asked to reset the password of the {shop.name} account &ldquo;{data.username}&rdquo;. Choose a new password with this link:
      </Text>
      <ActionButton href={data.resetUrl}>Choose a new password</ActionButton>
      <Text style={styles.text}>The link works once and expires in {data.expiresInMinutes} minutes.</Text>
      <ButtonAddress href={data.resetUrl} />
      <Text style={styles.text}>If you did not ask for this, ignore this e-mail: your password stays the same.</Text>
    </MailLayout>
  ),
};
