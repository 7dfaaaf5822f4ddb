import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { userProfileQueryOptions } from './get-user-profile.ts';

/** POST /api/user/profile/photo `{id, image, role}` (a PNG data URL) → `{photoUrl}`. */
export function uploadUserPhoto(id: string, image: string): Promise<{ photoUrl: string }> {
  return apiClient.post<{ photoUrl: string }>('/api/user/profile/photo', { id, image, role: 'user' });
}

export function useUploadUserPhoto(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (image: string) => uploadUserPhoto(id, image),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userProfileQueryOptions(id).queryKey }),
  });
}
