// Whether the site is served by the rooms server (catan_rooms). The static build says no; the
// rooms server answers this very file with `true` (catan_rooms/app.py), so the Play page offers
// online rooms only where a server can keep them, and asks nothing that fails anywhere else.
export const ROOMS_SERVER = false
