import { PageHeader } from '../../../components/layout/PageHeader';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { useTranslation } from '../../../hooks/useTranslation';
import { i18n } from '../../../lib/i18n';
import { addAccessibilityTexts } from '../../../locales/accessibility-texts';

addAccessibilityTexts(i18n);

const TESTED = ['axe', 'keyboard', 'live', 'motion'] as const;

/** `/accessibility/{locale}/` (DESIGN.md §14): what is tested and how, what is not perfect yet, whom to tell. */
export function AccessibilityPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('accessibility.title'));
  return (
    <article className="max-w-3xl">
      <PageHeader title={t('accessibility.title')} description={t('accessibility.intro')} />
      <section aria-labelledby="accessibility-tested" className="mb-8">
        <h2 id="accessibility-tested" className="mb-3 text-lg font-semibold text-ink-900">
          {t('accessibility.testedTitle')}
        </h2>
        <ul className="list-disc space-y-2 pl-5 text-base leading-7 text-ink-700">
          {TESTED.map((item) => (
            <li key={item}>{t(`accessibility.tested.${item}`)}</li>
          ))}
        </ul>
      </section>
      <Section
        id="accessibility-limits"
        title={t('accessibility.limitsTitle')}
        text={t('accessibility.limits')}
      />
      <Section
        id="accessibility-contact"
        title={t('accessibility.contactTitle')}
        text={t('accessibility.contact')}
      />
      <p className="text-sm text-ink-600">{t('accessibility.updated')}</p>
    </article>
  );
}

function Section({ id, title, text }: { id: string; title: string; text: string }) {
  return (
    <section aria-labelledby={id} className="mb-8">
      <h2 id={id} className="mb-3 text-lg font-semibold text-ink-900">
        {title}
      </h2>
      <p className="text-base leading-7 text-ink-700">{text}</p>
    </section>
  );
}
