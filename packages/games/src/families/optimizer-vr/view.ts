/**
 * The geometry every Optimizer VR scene shares, pure so it is unit-tested: directions around
 * the viewer, the flat camera (mouse-look), projecting to the screen and back, angles.
 *
 * The viewer sits at the origin looking down −Z, +X to the right, +Y up (three.js's axes).
 * Angles are in degrees; yaw > 0 turns right, pitch > 0 looks up.
 */
export interface Vec3 {
  x: number;
  y: number;
  z: number;
}

/** The vertical field of view of the flat camera (a screen's 928 × 415 then spans about 99° across). */
export const VERTICAL_FOV_DEG = 55;

const RAD = Math.PI / 180;

export const dot = (a: Vec3, b: Vec3) => a.x * b.x + a.y * b.y + a.z * b.z;
export const scale = (a: Vec3, k: number): Vec3 => ({ x: a.x * k, y: a.y * k, z: a.z * k });
export function normalise(a: Vec3): Vec3 {
  const length = Math.hypot(a.x, a.y, a.z);
  return length === 0 ? { x: 0, y: 0, z: -1 } : scale(a, 1 / length);
}

/** Where the camera looks at yaw/pitch. */
export function forwardOf(yawDeg: number, pitchDeg: number): Vec3 {
  const yaw = yawDeg * RAD;
  const pitch = pitchDeg * RAD;
  return { x: Math.sin(yaw) * Math.cos(pitch), y: Math.sin(pitch), z: -Math.cos(yaw) * Math.cos(pitch) };
}

/**
 * The direction `eccentricityDeg` away from straight ahead, towards `angleDeg` on the clock of
 * the view (0 = right, 90 = up, 180 = left): the angle to straight ahead is the eccentricity exactly.
 */
export function directionAt(eccentricityDeg: number, angleDeg: number): Vec3 {
  const e = eccentricityDeg * RAD;
  const a = angleDeg * RAD;
  return { x: Math.sin(e) * Math.cos(a), y: Math.sin(e) * Math.sin(a), z: -Math.cos(e) };
}

/** Azimuth (right +) and elevation (up +) to a direction. */
export function directionOf(azimuthDeg: number, elevationDeg: number): Vec3 {
  return forwardOf(azimuthDeg, elevationDeg);
}

/** The angle between two directions (degrees). */
export function angleBetween(a: Vec3, b: Vec3): number {
  const cosine = dot(normalise(a), normalise(b));
  return Math.acos(Math.min(1, Math.max(-1, cosine))) / RAD;
}

export interface FlatCamera {
  yaw: number;
  pitch: number;
  width: number;
  height: number;
}

function basis(camera: FlatCamera): { right: Vec3; up: Vec3; forward: Vec3; focal: number } {
  const forward = forwardOf(camera.yaw, camera.pitch);
  const yaw = camera.yaw * RAD;
  const right = { x: Math.cos(yaw), y: 0, z: Math.sin(yaw) };
  // up = right × forward
  const up = {
    x: right.y * forward.z - right.z * forward.y,
    y: right.z * forward.x - right.x * forward.z,
    z: right.x * forward.y - right.y * forward.x,
  };
  return { right, up, forward, focal: camera.height / 2 / Math.tan((VERTICAL_FOV_DEG / 2) * RAD) };
}

/** Pixels per unit of tan(angle) at the centre of the flat view. */
export function focalLength(height: number): number {
  return height / 2 / Math.tan((VERTICAL_FOV_DEG / 2) * RAD);
}

/** A point in the world to the screen (logical px), with its depth; null when behind the camera. */
export function project(point: Vec3, camera: FlatCamera): { x: number; y: number; depth: number } | null {
  const { right, up, forward, focal } = basis(camera);
  const depth = dot(point, forward);
  if (depth < 0.05) return null;
  return { x: camera.width / 2 + (dot(point, right) / depth) * focal, y: camera.height / 2 - (dot(point, up) / depth) * focal, depth };
}

/** A point on the screen (logical px) to the direction it looks along: the pointer's ray. */
export function unproject(x: number, y: number, camera: FlatCamera): Vec3 {
  const { right, up, forward, focal } = basis(camera);
  const u = (x - camera.width / 2) / focal;
  const v = -(y - camera.height / 2) / focal;
  return normalise({ x: forward.x + right.x * u + up.x * v, y: forward.y + right.y * u + up.y * v, z: forward.z + right.z * u + up.z * v });
}
