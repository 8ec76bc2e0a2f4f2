import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { runReport, type ReportKind, type ReportMode, type ReportParams } from '../api/reports';
import { errorMessage, isAbort } from '../common/error-message';

/** Runs one report kind: rows for the grid, progress while it runs, and what happened to exports and mails. */
export const useReport = <T,>(kind: ReportKind) => {
  const { t } = useTranslation();
  const [rows, setRows] = useState<T[]>([]);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const running = useRef<AbortController>(undefined);

  const run = async (params: ReportParams, mode: ReportMode) => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setLoading(true);
    setError(undefined);
    setNotice(undefined);
    try {
      const outcome = await runReport<T>(kind, params, mode, controller.signal);
      if (outcome.kind === 'rows') setRows(outcome.rows);
      else setNotice(outcome.kind === 'mailed' ? t('reportMailed') : t('reportDownloaded', { file: outcome.fileName }));
    } catch (failure) {
      if (!isAbort(failure)) setError(errorMessage(failure));
    } finally {
      if (running.current === controller) setLoading(false);
    }
  };

  return { rows, loading, error, notice, run };
};
