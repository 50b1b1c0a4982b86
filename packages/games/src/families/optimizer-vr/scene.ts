/**
 * Optimizer VR's three.js scenes: browser only (reached through engine.ts and
 * `@clinic/games/browser`, never the server-safe entry). It draws the `SceneState` the game
 * describes each frame, into a WebGL canvas of its own that the game copies into the page's 2D
 * canvas; in a headset (WebXR `immersive-vr`) it presents instead, lends the session's animation
 * loop to the runtime (`GameHost.setFrameLoop`) and turns controller presses into inputs.
 *
 * Calm by design: the page's dark background, no lights that change, tunnel rings that fade in
 * from the distance and out before they come close, rather than appearing or sweeping past.
 */
import * as THREE from "three";
import { PALETTE } from "../../runtime/draw.ts";
import { mulberry32 } from "../../runtime/random.ts";
import type { GameHost, GameInput } from "../../runtime/types.ts";
import {
  BALL_RADIUS_M,
  drawArrow,
  FIXATION_DISTANCE_M,
  LETTER_DISTANCE_M,
  ringAt,
  type SceneRenderer,
  type SceneState,
  TUNNEL_RADIUS_M,
  TUNNEL_RINGS,
} from "./game.ts";
import type { OptimizerVrBuild } from "./metrics.ts";
import { VERTICAL_FOV_DEG } from "./view.ts";

const RAD = Math.PI / 180;
const YELLOW = "#ffd166";
/** The backing store never exceeds this many device pixels per logical one (a WebGL copy per frame). */
const MAX_SCALE = 2;

/** A small canvas drawn once (or on change) and used as a texture. */
function canvasTexture(width: number, height: number, paint: (context: CanvasRenderingContext2D) => void): THREE.CanvasTexture {
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d")!;
  paint(context);
  const texture = new THREE.CanvasTexture(canvas);
  texture.colorSpace = THREE.SRGBColorSpace;
  return texture;
}

function disc(context: CanvasRenderingContext2D, size: number): void {
  context.clearRect(0, 0, size, size);
  context.fillStyle = YELLOW;
  context.beginPath();
  context.arc(size / 2, size / 2, size / 2 - 2, 0, Math.PI * 2);
  context.fill();
}

/**
 * The renderer, or null when WebGL is not available (the game then draws its flat rendering).
 * The build's scene picks what to build.
 */
export function createThreeRenderer(host: GameHost, build: OptimizerVrBuild): SceneRenderer | null {
  const { size, params } = build;
  const kind = params.scene;
  const spacing = params.scene === "tunnel" ? params.ringSpacingM : 1;
  const canvas = document.createElement("canvas");
  let renderer: THREE.WebGLRenderer;
  try {
    renderer = new THREE.WebGLRenderer({ canvas, antialias: true, preserveDrawingBuffer: true });
  } catch {
    return null;
  }
  renderer.setPixelRatio(1);
  renderer.outputColorSpace = THREE.SRGBColorSpace;
  const background = new THREE.Color(PALETTE.background);
  renderer.setClearColor(background, 1);

  const scene = new THREE.Scene();
  scene.background = background;
  const camera = new THREE.PerspectiveCamera(VERTICAL_FOV_DEG, size.width / size.height, 0.05, 200);
  camera.rotation.order = "YXZ";
  scene.add(camera);

  // ── the tunnel: rings and wall dots in segments, each recycled from near to far ──
  const segments: THREE.Group[] = [];
  if (kind === "tunnel") {
    const ring = new THREE.TorusGeometry(TUNNEL_RADIUS_M, 0.022, 6, 96);
    const random = mulberry32(11);
    for (let k = 0; k < TUNNEL_RINGS; k++) {
      const group = new THREE.Group();
      // Each segment fades on its own (near and far), so it has its own materials.
      const ringMaterial = new THREE.MeshBasicMaterial({ color: "#6f8aa5", transparent: true });
      const dotMaterial = new THREE.PointsMaterial({ color: PALETTE.muted, size: 0.04, sizeAttenuation: true, transparent: true });
      group.add(new THREE.Mesh(ring, ringMaterial));
      const dots: number[] = [];
      for (let i = 0; i < 28; i++) {
        const angle = random() * Math.PI * 2;
        dots.push(Math.cos(angle) * TUNNEL_RADIUS_M * 0.99, Math.sin(angle) * TUNNEL_RADIUS_M * 0.99, -random() * spacing);
      }
      const geometry = new THREE.BufferGeometry();
      geometry.setAttribute("position", new THREE.Float32BufferAttribute(dots, 3));
      group.add(new THREE.Points(geometry, dotMaterial));
      segments.push(group);
      scene.add(group);
    }
  } else {
    // A still room: a floor grid far below gives the eyes a calm frame of reference.
    const grid = new THREE.GridHelper(40, 40, new THREE.Color("#3d5266"), new THREE.Color("#33465a"));
    grid.position.y = -1.6;
    scene.add(grid);
  }

  // ── the tunnel's letter ──
  const letterCanvasSize = 128;
  let letterShown: string | null = null;
  const letterTexture = canvasTexture(letterCanvasSize, letterCanvasSize, (c) => disc(c, letterCanvasSize));
  const letter = new THREE.Sprite(new THREE.SpriteMaterial({ map: letterTexture, fog: false }));
  letter.position.set(0, 0, -LETTER_DISTANCE_M);
  letter.scale.setScalar(0.64);
  letter.visible = false;
  scene.add(letter);

  // ── the saccade fixation ring and disc (one texture per arrow) ──
  const fixation = new THREE.Mesh(new THREE.TorusGeometry(0.09, 0.012, 8, 48), new THREE.MeshBasicMaterial({ color: PALETTE.text }));
  fixation.position.set(0, 0, -FIXATION_DISTANCE_M);
  fixation.visible = false;
  scene.add(fixation);
  const discTextures = {
    none: canvasTexture(128, 128, (c) => disc(c, 128)),
    left: canvasTexture(128, 128, (c) => {
      disc(c, 128);
      drawArrow(c, 64, 64, 44, "left");
    }),
    right: canvasTexture(128, 128, (c) => {
      disc(c, 128);
      drawArrow(c, 64, 64, 44, "right");
    }),
  };
  const discMaterial = new THREE.SpriteMaterial({ map: discTextures.none });
  const target = new THREE.Sprite(discMaterial);
  target.visible = false;
  scene.add(target);

  // ── the pursuit ball, shaded so its depth reads ──
  const ball = new THREE.Mesh(new THREE.SphereGeometry(BALL_RADIUS_M, 32, 16), new THREE.MeshStandardMaterial({ color: YELLOW, roughness: 0.6 }));
  ball.visible = false;
  scene.add(ball);
  if (kind === "pursuit") {
    scene.add(new THREE.HemisphereLight("#ffffff", PALETTE.panel, 2.2));
    const sun = new THREE.DirectionalLight("#ffffff", 1.2);
    sun.position.set(1, 2, 1);
    scene.add(sun);
  }

  // ── in a headset: the text panel below the view, and pursuit's aim ring at the view's centre ──
  let panelShown = "";
  const panelTexture = canvasTexture(1024, 128, () => {});
  const panel = new THREE.Mesh(new THREE.PlaneGeometry(2.4, 0.3), new THREE.MeshBasicMaterial({ map: panelTexture, transparent: true }));
  panel.position.set(0, -0.75, -2.4);
  panel.visible = false;
  scene.add(panel);
  const reticle = new THREE.Mesh(new THREE.TorusGeometry(0.07, 0.006, 8, 48), new THREE.MeshBasicMaterial({ color: "#7cc6fe" }));
  reticle.position.set(0, 0, -2);
  reticle.visible = false;
  camera.add(reticle);

  // ── WebXR ──
  let xrSupported = false;
  let session: XRSession | null = null;
  navigator.xr
    ?.isSessionSupported("immersive-vr")
    .then((supported) => {
      xrSupported = supported;
    })
    .catch(() => {});
  const keyFor = (source: XRInputSource): string | null => {
    if (kind !== "saccades") return " ";
    return source.handedness === "left" ? "ArrowLeft" : source.handedness === "right" ? "ArrowRight" : null;
  };
  const onSelect = (event: XRInputSourceEvent) => {
    const key = keyFor(event.inputSource);
    if (key !== null) host.input({ type: "key", key, timeStamp: event.timeStamp } satisfies GameInput);
  };
  const onVisibility = () => {
    // The headset was taken off or its menu opened: pause, and go back to the page to resume.
    if (session && session.visibilityState === "hidden") {
      host.pause();
      session.end().catch(() => {});
    }
  };
  const onEnd = () => {
    session?.removeEventListener("select", onSelect);
    session?.removeEventListener("visibilitychange", onVisibility);
    session = null;
    host.setFrameLoop(null);
  };

  const gazeVector = new THREE.Vector3();
  let backing = { width: 0, height: 0 };

  return {
    canEnterVr: () => xrSupported && session === null,
    enterVr: () => {
      if (!navigator.xr || session) return;
      navigator.xr
        .requestSession("immersive-vr", { optionalFeatures: ["local-floor"] })
        .then(async (started) => {
          session = started;
          renderer.xr.enabled = true;
          renderer.xr.setReferenceSpaceType("local");
          await renderer.xr.setSession(started);
          started.addEventListener("select", onSelect);
          started.addEventListener("visibilitychange", onVisibility);
          started.addEventListener("end", onEnd, { once: true });
          // The headset's frames drive the game from now on; the window's may stop.
          host.setFrameLoop((frame) => {
            renderer.setAnimationLoop((time) => frame(time));
            return () => renderer.setAnimationLoop(null);
          });
        })
        .catch(() => {
          session = null;
        });
    },
    gaze: () => {
      if (!renderer.xr.isPresenting) return null;
      renderer.xr.getCamera().getWorldDirection(gazeVector);
      return { x: gazeVector.x, y: gazeVector.y, z: gazeVector.z };
    },
    render: (state: SceneState, pixelScale: number) => {
      const presenting = renderer.xr.isPresenting;
      if (!presenting) {
        const scale = Math.min(MAX_SCALE, Math.max(1, pixelScale));
        const width = Math.round(size.width * scale);
        const height = Math.round(size.height * scale);
        if (width !== backing.width || height !== backing.height) {
          renderer.setSize(width, height, false);
          backing = { width, height };
        }
        camera.aspect = size.width / size.height;
        camera.updateProjectionMatrix();
        camera.rotation.set(state.pitch * RAD, -state.yaw * RAD, 0);
      }

      if (state.scene === "tunnel") {
        segments.forEach((group, k) => {
          const { depth, opacity } = ringAt(k, state.travelled, state.spacing);
          group.position.z = -depth;
          group.visible = opacity > 0;
          for (const child of group.children) ((child as THREE.Mesh | THREE.Points).material as THREE.Material).opacity = opacity;
        });
      }
      letter.visible = state.letter !== null;
      if (state.letter !== null && state.letter !== letterShown) {
        const context = (letterTexture.image as HTMLCanvasElement).getContext("2d")!;
        disc(context, letterCanvasSize);
        context.fillStyle = PALETTE.background;
        context.font = `bold ${Math.round(letterCanvasSize * 0.6)}px system-ui, sans-serif`;
        context.textAlign = "center";
        context.textBaseline = "middle";
        context.fillText(state.letter, letterCanvasSize / 2, letterCanvasSize / 2 + 4);
        letterTexture.needsUpdate = true;
      }
      letterShown = state.letter;

      fixation.visible = state.fixation;
      const t = state.target;
      target.visible = t !== null && state.scene === "saccades";
      ball.visible = t !== null && state.scene === "pursuit";
      if (t) {
        const position = new THREE.Vector3(t.direction.x, t.direction.y, t.direction.z).multiplyScalar(t.distance);
        if (state.scene === "saccades") {
          target.position.copy(position);
          target.scale.setScalar(2 * t.distance * Math.tan(t.radiusDeg * RAD));
          const map = discTextures[t.arrow ?? "none"];
          if (discMaterial.map !== map) {
            discMaterial.map = map;
            discMaterial.needsUpdate = true;
          }
        } else {
          ball.position.copy(position);
        }
      }

      panel.visible = presenting;
      reticle.visible = presenting && state.scene === "pursuit";
      if (presenting && state.panel !== panelShown) {
        const context = (panelTexture.image as HTMLCanvasElement).getContext("2d")!;
        context.clearRect(0, 0, 1024, 128);
        context.fillStyle = "rgba(29, 39, 51, 0.85)";
        context.fillRect(0, 0, 1024, 128);
        context.fillStyle = PALETTE.text;
        context.font = "bold 40px system-ui, sans-serif";
        context.textAlign = "center";
        context.textBaseline = "middle";
        context.fillText(state.panel, 512, 64, 990);
        panelTexture.needsUpdate = true;
        panelShown = state.panel;
      }

      renderer.render(scene, camera);
      return presenting ? null : canvas;
    },
    dispose: () => {
      session?.end().catch(() => {});
      renderer.setAnimationLoop(null);
      scene.traverse((object) => {
        if (object instanceof THREE.Mesh || object instanceof THREE.Points || object instanceof THREE.Sprite) {
          object.geometry.dispose();
          const materials = Array.isArray(object.material) ? object.material : [object.material];
          for (const material of materials) material.dispose();
        }
      });
      for (const texture of [letterTexture, panelTexture, ...Object.values(discTextures)]) texture.dispose();
      renderer.dispose();
    },
  };
}
