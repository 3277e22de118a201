import { contextBridge, ipcRenderer } from 'electron';
import { createBridge } from './bridge';

// The page gets one function per call and a subscribe function per event, never ipcRenderer.
const bridge = createBridge(ipcRenderer);
contextBridge.exposeInMainWorld('taco', bridge);
