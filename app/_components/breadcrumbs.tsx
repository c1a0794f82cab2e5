/**
 * Where a page sits: every step but the last is a link (Dashboard › Media kits › Summer kit), the
 * last is the page itself (aria-current).
 */
export interface Crumb {
  label: string;
  href?: string | undefined;
}

export function Breadcrumbs({ steps }: { steps: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumbs">
      <ol>
        {steps.map((step, i) =>
          i === steps.length - 1 ? (
            <li key={`${i}-${step.label}`} aria-current="page">
              {step.label}
            </li>
          ) : (
            <li key={`${i}-${step.label}`}>{step.href ? <a href={step.href}>{step.label}</a> : step.label}</li>
          ),
        )}
      </ol>
    </nav>
  );
}

export const DASHBOARD_CRUMB: Crumb = { label: 'Dashboard', href: '/dashboard' };
