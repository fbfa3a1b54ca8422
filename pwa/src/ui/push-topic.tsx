import { useState } from 'react';
import { type PushTopicInput, pushTopicKey, pushTopicLine } from '@cocoa/shared-types';
import { messageOf } from '../lib/api-fetch';
import { type FollowedTopic, followTopic, unfollow, useFollowedTopics, usePushAvailability } from '../lib/push';

const OFFLINE = 'Notifications could not be changed right now. Check your connection and try again.';
const BROWSER_FAILED = 'This browser could not set up notifications right now. Please try again later.';

/** One request at a time per control: what it is doing, and the last failure in words. */
export function usePushAction() {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    try {
      await action();
    } catch (err) {
      // The browser's own failures (a DOMException from the push service) are not worded for people.
      setProblem(err instanceof DOMException ? BROWSER_FAILED : messageOf(err, OFFLINE));
    } finally {
      setBusy(false);
    }
  };
  return { busy, problem, run };
}

export function PushProblem({ problem }: { problem: string | null }) {
  if (!problem) return null;
  return (
    <p className="field__error" role="alert">
      {problem}
    </p>
  );
}

/** 'Notifications are on for …' and its 'Turn off' (this topic in the shop's list, and the browser's subscription with the last one). */
export function FollowedTopicLine({ followed }: { followed: FollowedTopic }) {
  const { busy, problem, run } = usePushAction();
  const line = pushTopicLine(followed.topic, followed.name);
  return (
    <div className="push-opt-in__on">
      <p role="status">{line}</p>
      <button type="button" className="btn btn--small" disabled={busy} onClick={() => void run(() => unfollow(followed.key))} aria-label={`Turn off: ${line}`}>
        {busy ? 'Turning off...' : 'Turn off'}
      </button>
      <PushProblem problem={problem} />
    </div>
  );
}

interface PushTopicButtonProps {
  topic: PushTopicInput;
  /** The name its line shows ('Millennium Park'), kept with the topic on this device. */
  name: string | null;
  label: string;
  ariaLabel?: string;
  /** Said when notifications are blocked for this site; without it (and where the browser has none) nothing shows. */
  blocked?: string;
}

/**
 * A button that turns on notifications for one topic (the browser's permission, its push
 * subscription, the shop told the topic), or, once on, the line saying so with 'Turn off'.
 */
export function PushTopicButton({ topic, name, label, ariaLabel, blocked }: PushTopicButtonProps) {
  const followedTopics = useFollowedTopics();
  const { busy, problem, run } = usePushAction();
  const availability = usePushAvailability();
  const followed = followedTopics.find((t) => t.key === pushTopicKey(topic));
  if (followed) return <FollowedTopicLine followed={followed} />;
  if (availability === 'denied' && blocked) return <p className="muted">{blocked}</p>;
  if (availability !== 'available') return null;
  return (
    <>
      <button type="button" className="btn btn--small" disabled={busy} onClick={() => void run(() => followTopic(topic, name))} aria-label={ariaLabel}>
        {busy ? 'Turning on...' : label}
      </button>
      <PushProblem problem={problem} />
    </>
  );
}
