import { LegalRoute, legalMeta } from '../lib/legal-route';
import { paths } from '../paths';
import type { Route } from './+types/terms';

export const meta: Route.MetaFunction = ({ location }) => legalMeta('terms', paths.terms, location.pathname);

export default function Terms() {
  return <LegalRoute page="terms" path={paths.terms} />;
}
