import { useTranslation } from 'react-i18next';
import { useLiveStore } from '../store/live-store';
import { commandTypeLabel } from './command-parameters';
import { EntityTable } from './components/entity-table';

/** /settings/commands: the saved commands, which devices and groups are linked to and notifications send. */
export default function CommandsPage() {
  const { t } = useTranslation();
  const mayEdit = useLiveStore((state) => Boolean(state.user && (state.user.administrator || !state.user.limitCommands)));
  return (
    <EntityTable
      resource="commands"
      editPath="/settings/command"
      canAdd={mayEdit}
      rowMenu={mayEdit}
      columns={[
        { label: t('sharedDescription'), value: (command) => command.description },
        { label: t('sharedType'), value: (command) => commandTypeLabel(t, command.type) },
        { label: t('commandSendSms'), value: (command) => (command.textChannel ? t('sharedYes') : t('sharedNo')) },
      ]}
    />
  );
}
