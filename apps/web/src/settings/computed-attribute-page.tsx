import { Autocomplete, MenuItem, TextField } from '@mui/material';
import { COMPUTED_ATTRIBUTE_TYPES, type ComputedAttribute } from '@tracklane/domain';
import { useTranslation } from 'react-i18next';
import { EditItemPage } from './components/edit-item-page';
import { FormSection } from './components/form-section';
import { RequiredTextField } from './components/form-validation';

/** Position attributes a computed attribute usually sets, each with the type it must have. */
const PREDEFINED: Record<string, { label: string; type: ComputedAttribute['type'] }> = {
  raw: { label: 'positionRaw', type: 'string' },
  index: { label: 'positionIndex', type: 'number' },
  ignition: { label: 'positionIgnition', type: 'boolean' },
  odometer: { label: 'positionOdometer', type: 'number' },
};

const blankAttribute = (): Omit<ComputedAttribute, 'id'> => ({ description: '', attribute: '', expression: '', type: 'string', priority: 0 });

/** /settings/attribute/{id?}: description, attribute, multi-line expression, type (fixed by a predefined attribute). */
export default function ComputedAttributePage() {
  const { t } = useTranslation();
  return (
    <EditItemPage
      resource="computed"
      blank={blankAttribute}
      backTo="/settings/attributes"
      isValid={(item) => Boolean(item.description.trim() && item.attribute.trim() && item.expression.trim())}
    >
      {(item, setItem) => {
        const predefined = PREDEFINED[item.attribute];
        return (
          <FormSection title={t('sharedRequired')} defaultExpanded>
            <RequiredTextField name="description" label={t('sharedDescription')} value={item.description} onChange={(event) => setItem({ ...item, description: event.target.value })} />
            <Autocomplete
              freeSolo
              options={Object.keys(PREDEFINED)}
              renderOption={({ key, ...props }, option) => <li key={key} {...props}>{t(PREDEFINED[option]!.label)} ({option})</li>}
              inputValue={item.attribute}
              onInputChange={(_, attribute) => setItem({ ...item, attribute, type: PREDEFINED[attribute]?.type ?? item.type })}
              renderInput={(params) => <RequiredTextField {...params} name="attribute" label={t('sharedAttribute')} value={item.attribute} />}
            />
            <RequiredTextField name="expression" label={t('sharedExpression')} multiline minRows={4} value={item.expression} onChange={(event) => setItem({ ...item, expression: event.target.value })} slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }} />
            <TextField select name="type" label={t('sharedType')} value={item.type} disabled={predefined !== undefined} onChange={(event) => setItem({ ...item, type: event.target.value as ComputedAttribute['type'] })}>
              {COMPUTED_ATTRIBUTE_TYPES.map((type) => <MenuItem key={type} value={type}>{t(`sharedType${type.charAt(0).toUpperCase()}${type.slice(1)}`)}</MenuItem>)}
            </TextField>
          </FormSection>
        );
      }}
    </EditItemPage>
  );
}
