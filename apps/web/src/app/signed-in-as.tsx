import { useSessionUserName } from '../api/session-user.ts';
import { SignedInFrame } from './signed-in-frame.tsx';

/** Who is logged in: the first name (or the email), in its own direction. */
export default function SignedInAs() {
  return <SignedInFrame name={useSessionUserName()} />;
}
