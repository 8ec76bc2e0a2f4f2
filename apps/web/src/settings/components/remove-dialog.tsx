import { Button, Dialog, DialogActions, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { resourceApi, useInvalidateResource, type ResourceName } from '../../api/resource-api';
import { useCatch } from '../../common/use-catch';

export interface RemoveDialogProps {
  resource: ResourceName;
  itemId: number | undefined;
  onClose(removed: boolean): void;
}

/** Asks "Remove item?" and removes on confirmation; the entity's lists reload afterwards. */
export const RemoveDialog = ({ resource, itemId, onClose }: RemoveDialogProps) => {
  const { t } = useTranslation();
  const invalidate = useInvalidateResource();
  const remove = useCatch(async () => {
    if (itemId === undefined) return;
    await resourceApi(resource).remove(itemId);
    await invalidate(resource);
    onClose(true);
  });
  return (
    <Dialog open={itemId !== undefined} onClose={() => onClose(false)}>
      <DialogTitle>{t('sharedRemoveConfirm')}</DialogTitle>
      <DialogActions>
        <Button onClick={() => onClose(false)}>{t('sharedCancel')}</Button>
        <Button color="error" onClick={remove}>{t('sharedRemove')}</Button>
      </DialogActions>
    </Dialog>
  );
};
