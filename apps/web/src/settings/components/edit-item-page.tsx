import { Alert, Box, Button, LinearProgress, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { resourceApi, resourceItemQuery, useInvalidateResource, type ResourceName, type ResourceTypes } from '../../api/resource-api';
import { errorMessage } from '../../common/error-message';
import { useNavigateBack } from '../../common/use-navigate-back';
import { SubmittedContext } from './form-validation';

type Draft<N extends ResourceName> = Omit<ResourceTypes[N], 'id'> & { id?: number };

export interface EditItemPageProps<N extends ResourceName> {
  resource: N;
  /** The new item's starting values. */
  blank: () => Draft<N>;
  /** False while a required value is missing; saving then only reveals the messages. */
  isValid(item: Draft<N>): boolean;
  children(item: Draft<N>, setItem: (item: Draft<N>) => void): ReactNode;
  /** Runs after a successful save, e.g. to apply the saved account at once. */
  onSaved?(item: ResourceTypes[N]): void;
  /** Where Save and Cancel lead when the page was opened directly. */
  backTo: string;
}

/** Loads the item named by the route's id (or starts a blank one), and saves or cancels it. */
export const EditItemPage = <N extends ResourceName>({ resource, blank, isValid, children, onSaved, backTo }: EditItemPageProps<N>) => {
  const { t } = useTranslation();
  const goBack = useNavigateBack(backTo);
  const invalidate = useInvalidateResource();
  const id = Number(useParams().id) || undefined;
  const loaded = useQuery({ ...resourceItemQuery(resource, id ?? 0), enabled: id !== undefined });
  const [item, setItem] = useState<Draft<N> | undefined>(id === undefined ? blank() : undefined);
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string>();

  useEffect(() => {
    if (loaded.data) setItem(loaded.data);
  }, [loaded.data]);

  const save = async () => {
    if (!item) return;
    setSubmitted(true);
    if (!isValid(item)) return;
    setSaving(true);
    setFailure(undefined);
    try {
      const api = resourceApi(resource);
      const saved = item.id ? await api.update(item as ResourceTypes[N]) : await api.create(item as Omit<ResourceTypes[N], 'id'>);
      await invalidate(resource);
      onSaved?.(saved);
      goBack();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  if (loaded.isError) return <Alert severity="error" sx={{ m: 2 }}>{errorMessage(loaded.error)}</Alert>;
  if (!item) return <LinearProgress />;
  return (
    <SubmittedContext.Provider value={submitted}>
      <Box component="form" noValidate sx={{ p: 2, maxWidth: 720 }} onSubmit={(event) => { event.preventDefault(); void save(); }}>
        {children(item, setItem)}
        {failure && <Alert severity="error" sx={{ mt: 2 }} role="alert">{failure}</Alert>}
        <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
          <Button variant="outlined" onClick={() => goBack()}>{t('sharedCancel')}</Button>
          <Button variant="contained" type="submit" disabled={saving}>{t('sharedSave')}</Button>
        </Stack>
      </Box>
    </SubmittedContext.Provider>
  );
};
