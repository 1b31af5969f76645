import { useActionData, useNavigation } from 'react-router';

/**
 * The route action's answer, once the loaders it revalidates have finished. React Router surfaces action
 * data as soon as those loaders start, so a "Saved." would otherwise stand for a moment beside the values from
 * before the save (and a test or a merchant reading the page then sees old figures under a success notice).
 */
export function useSettledActionData<T>(): ReturnType<typeof useActionData<T>> | undefined {
  const data = useActionData<T>();
  const navigation = useNavigation();
  return navigation.state === 'loading' && navigation.formMethod !== undefined ? undefined : data;
}
