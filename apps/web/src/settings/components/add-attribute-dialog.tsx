import { Autocomplete, Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControl, InputLabel, MenuItem, Select, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AttributeDefinitions, AttributeType } from '../attribute-definitions';

export interface AddAttributeDialogProps {
  open: boolean;
  definitions: AttributeDefinitions;
  onClose(added?: { key: string; type: AttributeType }): void;
}

const TYPES: AttributeType[] = ['string', 'number', 'boolean'];
const TYPE_LABELS = { string: 'sharedTypeString', number: 'sharedTypeNumber', boolean: 'sharedTypeBoolean' } as const;

/** Picks a key (known ones offered) and a type; a known key fixes its type. */
export const AddAttributeDialog = ({ open, definitions, onClose }: AddAttributeDialogProps) => {
  const { t } = useTranslation();
  const [key, setKey] = useState('');
  const [chosenType, setChosenType] = useState<AttributeType>('string');
  const known = definitions[key.trim()];
  const type = known?.type ?? chosenType;

  const close = (added?: { key: string; type: AttributeType }) => {
    setKey('');
    setChosenType('string');
    onClose(added);
  };

  return (
    <Dialog open={open} onClose={() => close()} fullWidth maxWidth="xs">
      <DialogTitle>{t('sharedAttribute')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
        <Autocomplete
          freeSolo
          options={Object.keys(definitions)}
          renderOption={({ key: optionKey, ...props }, option) => (
            <li key={optionKey} {...props}>
              {t(definitions[option]!.label)} ({option})
            </li>
          )}
          inputValue={key}
          onInputChange={(_, value) => setKey(value)}
          renderInput={(params) => <TextField {...params} label={t('sharedKey')} autoFocus />}
        />
        <FormControl disabled={known !== undefined}>
          <InputLabel id="attribute-type">{t('sharedType')}</InputLabel>
          <Select labelId="attribute-type" label={t('sharedType')} value={type} onChange={(event) => setChosenType(event.target.value as AttributeType)}>
            {TYPES.map((option) => <MenuItem key={option} value={option}>{t(TYPE_LABELS[option])}</MenuItem>)}
          </Select>
        </FormControl>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => close()}>{t('sharedCancel')}</Button>
        <Button variant="contained" disabled={!key.trim()} onClick={() => close({ key: key.trim(), type })}>{t('sharedAdd')}</Button>
      </DialogActions>
    </Dialog>
  );
};
