import { MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useResourceList } from '../../api/resource-api';
import { errorMessage } from '../../common/error-message';

export interface GroupSelectProps {
  label: string;
  value: number;
  onChange(groupId: number): void;
  /** A group cannot be its own parent. */
  excludeId?: number;
}

/** Chooses a group; 0 means none. */
export const GroupSelect = ({ label, value, onChange, excludeId }: GroupSelectProps) => {
  const { t } = useTranslation();
  const list = useResourceList('groups');
  const groups = list.data ?? [];
  const known = value === 0 || groups.some((group) => group.id === value);
  return (
    <TextField
      select
      label={label}
      value={known ? value : ''}
      onChange={(event) => onChange(Number(event.target.value))}
      error={list.isError}
      helperText={list.isError ? errorMessage(list.error) : undefined}
    >
      <MenuItem value={0}>{t('sharedNone')}</MenuItem>
      {groups.filter((group) => group.id !== excludeId).map((group) => (
        <MenuItem key={group.id} value={group.id}>{group.name}</MenuItem>
      ))}
    </TextField>
  );
};
