import AddIcon from '@mui/icons-material/Add';
import { Alert, Box, Fab, LinearProgress, Table, TableBody, TableCell, TableHead, TableRow, TextField } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useResourceList, type ListParams, type ResourceName, type ResourceTypes } from '../../api/resource-api';
import { errorMessage } from '../../common/error-message';
import { useLiveStore } from '../../store/live-store';
import { RemoveDialog } from './remove-dialog';
import { RowMenu } from './row-menu';

export interface Column<T> {
  label: string;
  value(item: T): ReactNode;
}

export interface EntityTableProps<N extends ResourceName> {
  resource: N;
  columns: Column<ResourceTypes[N]>[];
  /** Edit path without the id, e.g. /settings/group */
  editPath: string;
  params?: ListParams;
  /** Who sees the row menu; everyone by default. */
  rowMenu?: boolean;
  /** Whether the add button shows; administrators only by default. */
  canAdd?: boolean;
  /** How a row names its item in the row menu; its name by default. */
  titleOf?(item: ResourceTypes[N]): string;
}

const matches = (item: object, keyword: string) =>
  Object.values(item).some((value) => typeof value === 'string' && value.toLowerCase().includes(keyword));

/** The settings list pattern: a searchable table, a row menu with Edit and Remove, an add button. */
export const EntityTable = <N extends ResourceName>({ resource, columns, editPath, params, rowMenu = true, canAdd, titleOf }: EntityTableProps<N>) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const administrator = useLiveStore((state) => state.user?.administrator ?? false);
  const list = useResourceList(resource, params);
  const [removing, setRemoving] = useState<number>();
  const [keyword, setKeyword] = useState('');
  const items = (list.data ?? []).filter((item) => matches(item, keyword.trim().toLowerCase()));
  const label = (item: ResourceTypes[N]) => titleOf?.(item) ?? String((item as { name?: string }).name ?? (item as { description?: string }).description ?? item.id);

  return (
    <Box sx={{ p: 2, pb: 10 }}>
      <TextField size="small" fullWidth placeholder={t('sharedSearch')} value={keyword} onChange={(event) => setKeyword(event.target.value)} sx={{ mb: 1 }} slotProps={{ htmlInput: { 'aria-label': t('sharedSearch') } }} />
      {list.isPending && <LinearProgress />}
      {list.isError && <Alert severity="error">{errorMessage(list.error)}</Alert>}
      <Table size="small" data-testid={`${resource}-table`}>
        <TableHead>
          <TableRow>
            {columns.map((column) => <TableCell key={column.label}>{column.label}</TableCell>)}
            {rowMenu && <TableCell padding="none" />}
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => (
            <TableRow key={item.id} hover>
              {columns.map((column) => <TableCell key={column.label}>{column.value(item)}</TableCell>)}
              {rowMenu && (
                <TableCell padding="none" align="right">
                  <RowMenu label={label(item)} onEdit={() => navigate(`${editPath}/${item.id}`)} onRemove={() => setRemoving(item.id)} />
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {(canAdd ?? administrator) && (
        <Fab color="primary" aria-label={t('sharedAdd')} onClick={() => navigate(editPath)} sx={{ position: 'fixed', right: 24, bottom: 24 }}>
          <AddIcon />
        </Fab>
      )}
      <RemoveDialog resource={resource} itemId={removing} onClose={() => setRemoving(undefined)} />
    </Box>
  );
};
