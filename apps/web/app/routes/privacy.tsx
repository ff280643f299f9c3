import { LegalRoute, legalMeta } from '../lib/legal-route';
import { paths } from '../paths';
import type { Route } from './+types/privacy';

export const meta: Route.MetaFunction = ({ location }) =>
  legalMeta('privacy', paths.privacy, location.pathname);

export default function Privacy() {
  return <LegalRoute page="privacy" path={paths.privacy} />;
}
