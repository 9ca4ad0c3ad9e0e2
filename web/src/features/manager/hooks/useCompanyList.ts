import { useCallback, useEffect, useState } from 'react';
import { useErrorText } from '../../../hooks/useAction';

/**
 * What a company section of the manager screen lists (its managers, its webhooks): loaded when the section shows,
 * read again with `reload` after each change; `failure` says why the list could not be read.
 */
export function useCompanyList<List>(load: (companyId: string) => Promise<List>, companyId: string) {
  const failureText = useErrorText();
  const [list, setList] = useState<List>();
  const [failure, setFailure] = useState<string>();
  const reload = useCallback(async () => {
    try {
      setList(await load(companyId));
      setFailure(undefined);
    } catch (error) {
      setFailure(failureText(error));
    }
  }, [load, companyId, failureText]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { list, failure, reload };
}
