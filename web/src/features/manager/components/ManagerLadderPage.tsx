import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useTranslation } from '../../../hooks/useTranslation';
import { Spinner } from '../../../components/feedback/Spinner';
import { FormAlert } from '../../../components/forms/FormAlert';
import { useErrorText } from '../../../hooks/useAction';
import { findLadderByName, type Ladder } from '../api/ladders';
import { useManagerContext } from '../hooks/useManagerContext';
import { LadderDetailsForm } from './LadderDetailsForm';
import { SeasonManager } from './SeasonManager';
import { tabClass, tabListClass } from './tab-styles';
import { i18n } from '../../../lib/i18n';
import { addManagerTexts } from '../../../locales/manager-texts';

addManagerTexts(i18n);

type LadderState =
  | { status: 'loading' }
  | { status: 'found'; ladder: Ladder }
  | { status: 'new' }
  | { status: 'failed'; error: string };

/**
 * Spec §2 "Manager ladder screen": the ladder named in the address with the tabs Season and Ladder, named
 * "Seasons" and "Ladder details" so that neither shares a name with the season's own "Season details" tab
 * (docs/decisions/web.md); without a name, or a name the company does not have, only the Ladder tab with an empty
 * form.
 */
export function ManagerLadderPage() {
  const { t } = useTranslation();
  const failureText = useErrorText();
  const navigate = useNavigate();
  const { ladderName } = useParams();
  const { companyId, reloadLadders, ladderPath } = useManagerContext();
  const [state, setState] = useState<LadderState>(ladderName ? { status: 'loading' } : { status: 'new' });

  const load = useCallback(
    async (signal?: AbortSignal) => {
      if (!ladderName) return;
      try {
        const ladder = await findLadderByName(companyId, ladderName, signal);
        setState(ladder ? { status: 'found', ladder } : { status: 'new' });
      } catch (error) {
        if (signal?.aborted) return;
        setState({ status: 'failed', error: failureText(error) });
      }
    },
    [companyId, ladderName, failureText],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const onSaved = async (name: string) => {
    await reloadLadders().catch(() => undefined);
    if (ladderName !== name) await navigate(ladderPath(name), { replace: ladderName !== undefined });
    else await load();
  };
  const onDeleted = async () => {
    const list = await reloadLadders().catch(() => undefined);
    const first = list?.[0];
    await navigate(first ? ladderPath(first.name) : ladderPath(), { replace: true });
  };

  if (state.status === 'loading') {
    return (
      <div className="flex justify-center py-16">
        <Spinner className="size-8" />
      </div>
    );
  }
  if (state.status === 'failed') return <FormAlert>{state.error}</FormAlert>;

  const ladder = state.status === 'found' ? state.ladder : undefined;
  const form = (
    <LadderDetailsForm
      companyId={companyId}
      ladder={ladder}
      initialName={ladder ? undefined : ladderName}
      onSaved={onSaved}
      onDeleted={onDeleted}
    />
  );

  return (
    <TabGroup>
      {/* The spec names a tab "Season" here and inside a season: each list says whose tabs it holds. */}
      <TabList
        className={tabListClass}
        aria-label={ladder ? t('manager.tabs.ladderTabs', { name: ladder.name }) : t('manager.newLadder')}
      >
        {ladder && <Tab className={tabClass}>{t('manager.tabs.seasons')}</Tab>}
        <Tab className={tabClass}>{t('manager.tabs.ladder')}</Tab>
      </TabList>
      <TabPanels className="mt-5 sm:mt-6">
        {ladder && (
          <TabPanel unmount={false}>
            <SeasonManager companyId={companyId} ladder={ladder} onSeasonsChanged={() => void load()} />
          </TabPanel>
        )}
        <TabPanel>{form}</TabPanel>
      </TabPanels>
    </TabGroup>
  );
}
