import { type ReactNode, useRef } from 'react';
import { IonItem, IonItemOption, IonItemOptions, IonItemSliding } from '@ionic/react';

export interface SwipeAction {
  label: string;
  /** What the action does; or `href`, a link such as mailto: the owner's mail app opens. */
  onAct?: () => void;
  href?: string;
  tone?: 'primary' | 'danger';
  disabled?: boolean;
}

/**
 * A row of an admin list on Ionic's sliding item: a tap opens the row (its own button, the
 * children), a swipe to the left shows its quick actions, the ones the owner makes many times in a
 * row at the cart. Each action is also in the opened row, so a swipe is a shortcut, never the only
 * way: Ionic shows the actions only while the row is slid open, and a keyboard or a screen reader
 * reaches them in the row's own page (docs/admin.md).
 */
export function SwipeRow({ children, actions }: { children: ReactNode; actions: readonly SwipeAction[] }) {
  const sliding = useRef<HTMLIonItemSlidingElement>(null);
  return (
    <li className="swipe-row">
      <IonItemSliding ref={sliding} disabled={actions.length === 0}>
        <IonItem lines="none" className="swipe-row__item">
          {children}
        </IonItem>
        {actions.length > 0 && (
          <IonItemOptions side="end">
            {actions.map((action) => (
              <IonItemOption
                key={action.label}
                className={`swipe-row__action swipe-row__action--${action.tone ?? 'primary'}`}
                href={action.href}
                disabled={action.disabled}
                onClick={() => {
                  void sliding.current?.close();
                  action.onAct?.();
                }}
              >
                {action.label}
              </IonItemOption>
            ))}
          </IonItemOptions>
        )}
      </IonItemSliding>
    </li>
  );
}
