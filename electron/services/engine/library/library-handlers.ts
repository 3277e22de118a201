import type { CallHandlers } from '../../app/call-router';
import type { EngineLibrary } from './engine-library';

export type EngineLibraryCallName =
  | 'engineLibrary.list'
  | 'engineLibrary.download'
  | 'engineLibrary.pause'
  | 'engineLibrary.resume'
  | 'engineLibrary.cancel'
  | 'engineLibrary.remove'
  | 'engineLibrary.addFile'
  | 'engineLibrary.use';

/** The engineLibrary.* calls (payloads are validated by the call router before they get here). */
export function engineLibraryHandlers(library: EngineLibrary): Pick<CallHandlers, EngineLibraryCallName> {
  return {
    'engineLibrary.list': () => library.list(),
    'engineLibrary.download': (request) => library.download(request.catalogueId),
    'engineLibrary.pause': (request) => library.pause(request.downloadId),
    'engineLibrary.resume': (request) => library.resume(request.downloadId),
    'engineLibrary.cancel': (request) => library.cancel(request.downloadId),
    'engineLibrary.remove': (request) => library.remove(request.modelId),
    'engineLibrary.addFile': (request) => library.addFile(request.path),
    'engineLibrary.use': (request) => library.use(request.modelId),
  };
}
