import MoreVertIcon from '@mui/icons-material/MoreVert';
import { IconButton, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface RowMenuProps {
  label: string;
  onEdit(): void;
  onRemove(): void;
}

/** Edit and Remove for one list row. */
export const RowMenu = ({ label, onEdit, onRemove }: RowMenuProps) => {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const choose = (action: () => void) => () => {
    setAnchor(null);
    action();
  };
  return (
    <>
      <IconButton size="small" aria-label={`${t('sharedActions')}: ${label}`} onClick={(event) => setAnchor(event.currentTarget)}>
        <MoreVertIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={choose(onEdit)}>{t('sharedEdit')}</MenuItem>
        <MenuItem onClick={choose(onRemove)}>{t('sharedRemove')}</MenuItem>
      </Menu>
    </>
  );
};
