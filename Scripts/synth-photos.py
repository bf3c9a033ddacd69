#!/usr/bin/env python3
"""Synthesises phone-like JPEG photos of Puzzle Map QR codes for the photo decode benchmark.

Each picture is a physical scene rendered deterministically from (seed, category, index): a
printed sign (or a phone screen) holding a QR code with the kind of payload our service prints
(an upper-case link, alphanumeric mode, error correction Q, version 3 or 4), posed in 3-D in
front of a pinhole camera over a textured background, then lit, blurred, given sensor noise,
gamma-encoded and saved as JPEG. Nothing here is a test: the set feeds
Scripts/bench-photos.sh, which compares decoders on it.

    python3 Scripts/synth-photos.py --out /tmp/photos --per-category 20 --seed 1

Writes <out>/<category>-<nn>.jpg and <out>/index.csv (file, category, expected, and the pose
and degradation parameters of each picture). Needs the packages in requirements-bench.txt.
"""

from __future__ import annotations

import argparse
import csv
import math
import os
import sys
import zlib
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

import cv2
import numpy as np
import segno
from PIL import Image

CATEGORIES = [
    "nominal", "small", "closeup", "rotation", "perspective", "blur", "noise-jpeg",
    "shadow", "glare", "underexposed", "screen", "webcam", "inverted",
]

PHOTO_SIZE = (4000, 3000)     # 12 MP, landscape
WEBCAM_SIZE = (640, 480)
QUIET_ZONE = 4                # modules, as the standard asks and our printer prints
CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


# --------------------------------------------------------------------------------------------
# Payloads and matrices

def payload(rng: np.random.Generator) -> str:
    """A link shaped like TagSigner.qrText: BASE/<purpose>/<subject>.<version>.<13-symbol mac>."""
    purpose, width = [("C", 2), ("F", 4), ("V", 5)][rng.choice(3, p=[0.6, 0.25, 0.15])]
    subject = "".join(CROCKFORD[i] for i in rng.integers(0, 32, width)).lstrip("0") or "1"
    version = CROCKFORD[rng.integers(0, 32)]
    mac = "".join(CROCKFORD[i] for i in rng.integers(0, 32, 13))
    return f"HTTPS://HUNT.EXAMPLE.AC.UK/{purpose}/{subject}.{version}.{mac}"


def qr_matrix(text: str) -> np.ndarray:
    """Dark modules as True, without quiet zone; error correction Q, as `puzzlemap codes` prints."""
    code = segno.make_qr(text, error="q", boost_error=False)
    assert code.version in (3, 4), (text, code.version)
    assert code.designator.endswith("Q")
    return np.array([[bool(v) for v in row] for row in code.matrix], dtype=bool)


# --------------------------------------------------------------------------------------------
# Geometry: a plane (units: modules, origin at the code's centre) posed before a pinhole camera

def rotation(yaw: float, pitch: float, roll: float) -> np.ndarray:
    cy, sy = math.cos(yaw), math.sin(yaw)
    cp, sp = math.cos(pitch), math.sin(pitch)
    cr, sr = math.cos(roll), math.sin(roll)
    ry = np.array([[cy, 0, sy], [0, 1, 0], [-sy, 0, cy]])
    rx = np.array([[1, 0, 0], [0, cp, -sp], [0, sp, cp]])
    rz = np.array([[cr, -sr, 0], [sr, cr, 0], [0, 0, 1]])
    return rx @ ry @ rz


def plane_homography(size, focal, centre_px, module_px, yaw, pitch, roll) -> np.ndarray:
    """Maps plane points (x, y, 1) in modules to image pixels. `module_px` is the module size at
    the code's centre when seen head-on; tilting then foreshortens it."""
    w, h = size
    k = np.array([[focal, 0, w / 2], [0, focal, h / 2], [0, 0, 1.0]])
    z = focal / module_px
    t = z * np.linalg.inv(k) @ np.array([centre_px[0], centre_px[1], 1.0])
    r = rotation(yaw, pitch, roll)
    return k @ np.column_stack([r[:, 0], r[:, 1], t])


def apply_h(h: np.ndarray, pts: np.ndarray) -> np.ndarray:
    p = np.column_stack([pts, np.ones(len(pts))]) @ h.T
    return p[:, :2] / p[:, 2:3]


def local_scales(h: np.ndarray, pts: np.ndarray) -> np.ndarray:
    """Largest stretch (pixels per plane unit) of the homography at each point."""
    eps = 1e-3
    out = []
    for x, y in pts:
        p0, px, py = apply_h(h, np.array([[x, y], [x + eps, y], [x, y + eps]]))
        jac = np.column_stack([(px - p0) / eps, (py - p0) / eps])
        out.append(np.linalg.svd(jac, compute_uv=False)[0])
    return np.array(out)


def warp(texture: np.ndarray, h_plane_to_img: np.ndarray, texels_per_module: float,
         origin_modules: tuple[float, float], region: "Region", interpolation: int) -> np.ndarray:
    """Warps a texture whose texel (0, 0) has its corner at plane point `origin_modules` into
    `region` of the photo (OpenCV puts pixel centres on integers, hence the half texel)."""
    t = 1 / texels_per_module
    a = np.array([[t, 0, origin_modules[0] + t / 2], [0, t, origin_modules[1] + t / 2], [0, 0, 1.0]])
    shift = np.array([[1, 0, -region.x0], [0, 1, -region.y0], [0, 0, 1.0]])
    return cv2.warpPerspective(texture, shift @ h_plane_to_img @ a, region.size, flags=interpolation,
                               borderMode=cv2.BORDER_CONSTANT, borderValue=0)


@dataclass
class Region:
    """The part of the photo rendered at full quality: the sign or phone and a margin."""
    x0: int
    y0: int
    x1: int
    y1: int

    @property
    def size(self) -> tuple[int, int]:
        return self.x1 - self.x0, self.y1 - self.y0

    def grid(self) -> tuple[np.ndarray, np.ndarray]:
        """Pixel coordinates as a row and a column, for broadcasting."""
        return (np.arange(self.x0, self.x1, dtype=np.float32)[None, :],
                np.arange(self.y0, self.y1, dtype=np.float32)[:, None])


# --------------------------------------------------------------------------------------------
# Textures

def smooth_noise(rng, size, cells) -> np.ndarray:
    """Value noise in about [-1, 1]: a coarse random grid upsampled bicubically to `size` (w, h)."""
    w, h = size
    gw, gh = max(2, int(cells * w / max(w, h))), max(2, int(cells * h / max(w, h)))
    grid = rng.uniform(-1, 1, (gh, gw)).astype(np.float32)
    return cv2.resize(grid, size, interpolation=cv2.INTER_CUBIC)


def background(rng, size) -> np.ndarray:
    """Linear-light RGB reflectance of a plausible surface: wall, corkboard, brick or wood."""
    w, h = size
    kind = rng.choice(["wall", "cork", "brick", "wood"])
    grain = rng.standard_normal((h, w), dtype=np.float32)
    if kind == "wall":
        base = rng.uniform(0.35, 0.75) * np.array(rng.uniform(0.85, 1.0, 3), np.float32)
        shade = 1 + 0.08 * smooth_noise(rng, size, 6) + 0.04 * smooth_noise(rng, size, 40) + 0.03 * grain
        img = shade[..., None] * base
    elif kind == "cork":
        base = np.array([0.42, 0.28, 0.15], np.float32) * rng.uniform(0.7, 1.1)
        speck = cv2.GaussianBlur(grain, (0, 0), max(0.3, 1.5 * max(w, h) / 4000))
        shade = 1 + 0.1 * smooth_noise(rng, size, 8) + 0.9 * speck + 0.05 * grain
        img = shade[..., None] * base
    elif kind == "brick":
        base = np.array([0.45, 0.18, 0.11], np.float32) * rng.uniform(0.7, 1.1)
        brick_h = rng.uniform(0.04, 0.08) * h
        brick_w = brick_h * rng.uniform(2.6, 3.2)
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        row = np.floor(yy / brick_h)
        xo = xx + (row % 2) * brick_w / 2
        mortar_w = 0.12 * brick_h
        mortar = ((yy % brick_h) < mortar_w) | ((xo % brick_w) < mortar_w)
        tint = 1 + 0.15 * smooth_noise(rng, size, 30)
        shade = tint + 0.06 * grain
        img = shade[..., None] * base
        img[mortar] = np.array([0.5, 0.48, 0.44], np.float32) * (1 + 0.05 * grain[mortar, None])
    else:
        base = np.array([0.55, 0.36, 0.2], np.float32) * rng.uniform(0.6, 1.1)
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        warp_field = 60 * smooth_noise(rng, size, 5) * max(w, h) / 4000
        period = rng.uniform(0.01, 0.03) * max(w, h)
        rings = np.sin(2 * np.pi * (yy + warp_field) / period)
        shade = 1 + 0.12 * rings + 0.06 * smooth_noise(rng, size, 50) + 0.03 * grain
        img = shade[..., None] * base
    # A few posters or notes as distractors (flat coloured rectangles with a little texture).
    for _ in range(rng.integers(0, 4)):
        pw, ph = rng.uniform(0.1, 0.3) * w, rng.uniform(0.1, 0.35) * h
        x0, y0 = rng.uniform(-0.1, 1) * w, rng.uniform(-0.1, 1) * h
        xs, ys = slice(max(0, int(x0)), min(w, int(x0 + pw))), slice(max(0, int(y0)), min(h, int(y0 + ph)))
        img[ys, xs] = rng.uniform(0.05, 0.8, 3).astype(np.float32) * (1 + 0.02 * grain[ys, xs, None])
    return np.clip(img, 0.005, 1.0)


def sign_texture(rng, matrix: np.ndarray, tpm: int, margin: tuple[int, int, int, int], text_lines: bool):
    """The printed sign, as 8-bit reflectance (255 paper, 0 ink), with the code's quiet zone
    inside. `margin` is the paper beyond the quiet zone (left, top, right, bottom) in modules.
    Returns the texture and the plane position (in modules) of its texel (0, 0)."""
    n = matrix.shape[0]
    ml, mt, mr, mb = margin
    cols, rows = n + 2 * QUIET_ZONE + ml + mr, n + 2 * QUIET_ZONE + mt + mb
    grid = np.ones((rows, cols), np.uint8) * 255
    grid[mt + QUIET_ZONE:mt + QUIET_ZONE + n, ml + QUIET_ZONE:ml + QUIET_ZONE + n][matrix] = 0
    tex = np.kron(grid, np.ones((tpm, tpm), np.uint8))
    if text_lines and mb >= 4:
        # Grey bars standing in for the riddle text printed under the code.
        y = (mt + 2 * QUIET_ZONE + n + 1) * tpm
        while y + tpm < rows * tpm - tpm:
            x0 = (ml + 1) * tpm
            x1 = int(x0 + rng.uniform(0.4, 1.0) * (cols - ml - mr - 2) * tpm)
            tex[y:y + int(0.7 * tpm), x0:x1] = 70
            y += int(1.6 * tpm)
    origin = (-(n / 2 + QUIET_ZONE + ml), -(n / 2 + QUIET_ZONE + mt))
    return tex, origin


@dataclass
class Shot:
    """Every parameter of one picture; the defaults are a decent phone photo of a printed sign."""
    size: tuple[int, int] = PHOTO_SIZE
    module_px: float = 8.0           # head-on module size at the code's centre
    yaw: float = 0.0                 # radians
    pitch: float = 0.0
    roll: float = 0.0
    focal: float = 3100.0            # ~26 mm equivalent on a 4000 px wide sensor
    inverted: bool = False
    screen: bool = False
    screen_px_per_module: int = 0    # device pixels per module on a photographed phone screen
    allow_quiet_zone_crop: bool = False
    exposure: float = 1.0
    veil: float = 0.0                # flare: a constant added, which lowers contrast
    gradient: float = 0.25           # overall illumination fall-off across the frame
    vignette: float = 0.25
    shadow: float = 0.0              # 0 none; else the light left in the shadow (0..1)
    glare: float = 0.0               # peak of the specular blob, relative to paper white
    optics_sigma: float = 0.7        # camera blur, pixels
    blur_sigma: float = 0.0          # extra defocus, pixels
    motion_px: float = 0.0           # motion blur length, pixels
    shot_noise: float = 0.0004
    read_noise: float = 0.002
    sharpen: float = 0.5             # phone-style unsharp mask amount
    jpeg_quality: int = 90
    notes: dict = field(default_factory=dict)


def draw_shot(rng: np.random.Generator, category: str) -> Shot:
    s = Shot()
    u = rng.uniform
    s.module_px = u(4.5, 11)
    s.roll = math.radians(u(-12, 12))
    s.yaw, s.pitch = math.radians(u(-15, 15)), math.radians(u(-15, 15))
    s.exposure = u(0.85, 1.1)
    s.optics_sigma = u(0.5, 0.9)
    s.jpeg_quality = int(rng.integers(85, 96))
    if category == "small":
        s.module_px = u(1.9, 2.9)
        s.optics_sigma = u(0.45, 0.7)
    elif category == "closeup":
        s.module_px = u(0.80, 0.93) * min(s.size) / 29   # refined in synthesise() for version 4
        s.roll = math.radians(u(-4, 4))
        s.yaw, s.pitch = math.radians(u(-6, 6)), math.radians(u(-6, 6))
        s.allow_quiet_zone_crop = True
        s.optics_sigma = u(0.8, 1.6)
    elif category == "rotation":
        s.roll = math.radians(u(0, 360))
    elif category == "perspective":
        tilt = math.radians(u(45, 62))
        axis = u(0, 2 * math.pi)
        s.yaw, s.pitch = tilt * math.cos(axis), tilt * math.sin(axis)
        s.module_px = u(7, 14)
        s.focal = u(2600, 3200)
    elif category == "blur":
        if rng.random() < 0.5:
            s.blur_sigma = u(0.25, 0.6) * s.module_px
            s.notes["blur"] = "gaussian"
        else:
            s.motion_px = u(0.7, 2.0) * s.module_px
            s.notes["blur"] = "motion"
            s.notes["motion_angle"] = round(u(0, 180), 1)
        s.sharpen = 0.0
    elif category == "noise-jpeg":
        s.shot_noise = u(0.004, 0.012)
        s.read_noise = u(0.008, 0.02)
        s.jpeg_quality = int(rng.integers(30, 51))
        s.sharpen = u(0.5, 1.0)
    elif category == "shadow":
        s.shadow = u(0.15, 0.4)
        s.gradient = u(0.1, 0.3)
    elif category == "glare":
        s.glare = u(1.5, 4.0)
    elif category == "underexposed":
        s.exposure = u(0.035, 0.11)
        s.veil = u(0.004, 0.015)
        s.shot_noise = u(0.0003, 0.0008)
        s.read_noise = u(0.0015, 0.003)
        s.sharpen = 0.2
    elif category == "screen":
        # Device pixels 1.0-2.6 photo pixels apart: each sub-pixel stripe is finer than the
        # camera's own pixels, which is what makes moire.
        s.screen = True
        s.screen_px_per_module = int(rng.integers(9, 18))
        pitch = u(1.0, 2.6)
        s.module_px = pitch * s.screen_px_per_module
        s.roll = math.radians(u(-8, 8))
        s.yaw, s.pitch = math.radians(u(-10, 10)), math.radians(u(-10, 10))
        s.notes["screen_pitch_px"] = round(pitch, 2)
    elif category == "webcam":
        s.size = WEBCAM_SIZE
        s.focal = 620.0
        s.module_px = u(2.6, 5.0)
        s.optics_sigma = u(0.8, 1.3)
        s.shot_noise = u(0.002, 0.004)
        s.read_noise = u(0.006, 0.012)
        s.sharpen = 0.0
        s.jpeg_quality = int(rng.integers(55, 81))
        s.vignette = 0.35
    elif category == "inverted":
        s.inverted = True
    return s


# --------------------------------------------------------------------------------------------
# Rendering

def place(rng, s: Shot, n: int, margin_modules: float) -> np.ndarray:
    """Picks a position for the code's centre such that its modules (plus `margin_modules` of
    quiet zone) land inside the frame; returns the plane-to-photo homography."""
    w, h = s.size
    edge = n / 2 + margin_modules
    corners = np.array([[-edge, -edge], [edge, -edge], [edge, edge], [-edge, edge]])
    for _ in range(200):
        if s.allow_quiet_zone_crop:
            centre = (w / 2 + rng.uniform(-0.05, 0.05) * w, h / 2 + rng.uniform(-0.03, 0.03) * h)
        else:
            centre = (rng.uniform(0.1, 0.9) * w, rng.uniform(0.1, 0.9) * h)
        hm = plane_homography(s.size, s.focal, centre, s.module_px, s.yaw, s.pitch, s.roll)
        pts = apply_h(hm, corners)
        if (pts[:, 0].min() >= 2 and pts[:, 0].max() <= w - 3
                and pts[:, 1].min() >= 2 and pts[:, 1].max() <= h - 3):
            return hm
        s.module_px *= 0.97   # too big for the frame at this pose: step back a little
    raise RuntimeError("could not place the code in the frame")


def sign_margin(rng, s: Shot) -> tuple[int, int, int, int]:
    """Paper beyond the quiet zone (left, top, right, bottom), in modules."""
    if s.allow_quiet_zone_crop:
        return (2, 2, 2, 2)
    side = int(rng.integers(2, 10))
    return (side, int(rng.integers(2, 12)), side, int(rng.integers(3, 25)))


def sign_outline(n: int, margin) -> np.ndarray:
    ml, mt, mr, mb = margin
    e = n / 2 + QUIET_ZONE
    return np.array([[-e - ml, -e - mt], [e + mr, -e - mt], [e + mr, e + mb], [-e - ml, e + mb]])


def render_sign(rng, s: Shot, matrix: np.ndarray, hm: np.ndarray, margin, region: Region):
    """Warps the printed sign into `region`: returns (reflectance 0..1, coverage 0..1)."""
    n = matrix.shape[0]
    # Texel density: ~1.3 texels per photo pixel where the sign is stretched most; when the
    # modules are smaller than that, an area-averaging reduction first so the warp cannot alias.
    outline = sign_outline(n, margin)
    stretch = float(local_scales(hm, np.vstack([outline, [[0, 0]]])).max())
    tpm = int(np.clip(math.ceil(1.3 * stretch), 6, 160))
    tex, origin = sign_texture(rng, matrix, tpm, margin, not s.allow_quiet_zone_crop)
    if s.inverted:
        tex = 255 - tex
    mask = np.full(tex.shape, 255, np.uint8)
    texels = float(tpm)
    if 1.3 * stretch < tpm:
        factor = 1.3 * stretch / tpm
        new = (max(8, round(tex.shape[1] * factor)), max(8, round(tex.shape[0] * factor)))
        texels = tpm * new[0] / tex.shape[1]
        tex = cv2.resize(tex, new, interpolation=cv2.INTER_AREA)
        mask = cv2.resize(mask, new, interpolation=cv2.INTER_AREA)
    refl = warp(tex, hm, texels, origin, region, cv2.INTER_CUBIC)
    cover = warp(mask, hm, texels, origin, region, cv2.INTER_LINEAR)
    return refl.astype(np.float32) / 255, cover.astype(np.float32) / 255


SCREEN_WHITE_MARGIN = 6   # modules of white screen around the quiet zone
SCREEN_BEZEL = 3          # modules of phone body around the lit area


def render_screen(rng, s: Shot, matrix: np.ndarray, hm: np.ndarray, region: Region):
    """A phone showing the code: RGB sub-pixel stripes sampled without prefiltering, so the
    photo shows the moire a camera gets from a pixel grid finer than its own. Returns the
    emitted linear RGB, the lit screen's coverage and the phone body's coverage."""
    n = matrix.shape[0]
    spm = s.screen_px_per_module
    span = n + 2 * QUIET_ZONE + 2 * SCREEN_WHITE_MARGIN
    grid = np.ones((span, span), np.uint8)
    o = QUIET_ZONE + SCREEN_WHITE_MARGIN
    grid[o:o + n, o:o + n][matrix] = 0
    black_level = rng.uniform(0.01, 0.05)
    # Each device pixel is 3x3 texels: one column per sub-pixel, the last row dimmer (the
    # black matrix between rows).
    cell = np.zeros((3, 3, 3), np.float32)
    for c in range(3):
        cell[:, c, c] = 1.0
    cell[2] *= 0.35
    on = np.tile(cell, (spm, spm, 1))
    module_on = (on * 255).astype(np.uint8)
    module_off = (on * black_level * 255).astype(np.uint8)
    tex = np.where(np.kron(grid, np.ones((3 * spm, 3 * spm), np.uint8))[..., None] == 1,
                   np.tile(module_on, (span, span, 1)), np.tile(module_off, (span, span, 1)))
    origin = (-span / 2, -span / 2)
    warped = warp(tex, hm, 3 * spm, origin, region, cv2.INTER_LINEAR).astype(np.float32) / 255
    # Each channel lights a third of a device pixel's columns and 2.35 of its 3 rows: scale so
    # that a white area averages 1.
    emitted = warped * (9 / 2.35)
    lit = warp(np.full((64, 64), 255, np.uint8), hm, 64 / span, origin, region, cv2.INTER_LINEAR)
    bezel = span / 2 + SCREEN_BEZEL
    body = warp(np.full((64, 64), 255, np.uint8), hm, 64 / (2 * bezel), (-bezel, -bezel), region,
                cv2.INTER_LINEAR)
    return emitted, lit.astype(np.float32) / 255, body.astype(np.float32) / 255


def lighting(rng, s: Shot, hm: np.ndarray, n: int):
    """A multiplicative light field as a function of pixel coordinates: a gentle gradient,
    vignetting, and optionally a shadow whose soft edge crosses the code."""
    w, h = s.size
    ang = rng.uniform(0, 2 * math.pi)
    cos_a, sin_a = math.cos(ang), math.sin(ang)
    edge = None
    if s.shadow > 0:
        # A straight shadow edge (an arm, a lamp post) crossing the code between 25% and 75% of
        # its width, softened over a fraction of a module to a few modules.
        frac = rng.uniform(-0.25, 0.25) * n
        theta = rng.uniform(0, 2 * math.pi)
        p0 = apply_h(hm, np.array([[frac * math.cos(theta), frac * math.sin(theta)]]))[0]
        p1 = apply_h(hm, np.array([[frac * math.cos(theta) - math.sin(theta),
                                    frac * math.sin(theta) + math.cos(theta)]]))[0]
        d = (p1 - p0) / np.linalg.norm(p1 - p0)
        softness = max(0.5, rng.uniform(0.3, 3.0) * s.module_px)
        edge = (p0, d, softness)
        s.notes["shadow_softness_modules"] = round(softness / s.module_px, 2)

    def at(xx: np.ndarray, yy: np.ndarray) -> np.ndarray:
        along = ((xx - w / 2) * cos_a + (yy - h / 2) * sin_a) / max(w, h)
        r2 = ((xx - w / 2) ** 2 + (yy - h / 2) ** 2) / ((w / 2) ** 2 + (h / 2) ** 2)
        light = (1 + s.gradient * along) * (1 - s.vignette * r2)
        if edge is not None:
            p0, d, softness = edge
            dist = ((xx - p0[0]) * d[1] - (yy - p0[1]) * d[0]) / softness
            inside = 1 / (1 + np.exp(-np.clip(dist, -50, 50)))
            light = light * (1 - (1 - s.shadow) * inside)
        return light.astype(np.float32)
    return at


def glare_field(rng, s: Shot, hm: np.ndarray, n: int):
    """An additive specular blob (a lamp reflected in laminate) over part of the code, as a
    function of pixel coordinates."""
    c = apply_h(hm, np.array([[rng.uniform(-0.35, 0.35) * n, rng.uniform(-0.35, 0.35) * n]]))[0]
    radius = rng.uniform(0.08, 0.22) * n * s.module_px
    aspect = rng.uniform(0.5, 1.0)
    ang = rng.uniform(0, math.pi)
    s.notes["glare_radius_modules"] = round(radius / s.module_px, 2)

    def at(xx: np.ndarray, yy: np.ndarray) -> np.ndarray:
        dx, dy = xx - c[0], yy - c[1]
        a = (dx * math.cos(ang) + dy * math.sin(ang)) / radius
        b = (-dx * math.sin(ang) + dy * math.cos(ang)) / (radius * aspect)
        return (s.glare * np.exp(-(a * a + b * b) * 1.5)).astype(np.float32)
    return at


def motion_kernel(length: float, angle_deg: float) -> np.ndarray:
    size = int(math.ceil(length)) | 1
    k = np.zeros((size, size), np.float32)
    c = size // 2
    t = np.linspace(-length / 2, length / 2, max(2, int(length * 4)))
    xs = np.clip(np.round(c + t * math.cos(math.radians(angle_deg))).astype(int), 0, size - 1)
    ys = np.clip(np.round(c + t * math.sin(math.radians(angle_deg))).astype(int), 0, size - 1)
    np.add.at(k, (ys, xs), 1)
    return k / k.sum()


def to_srgb8(linear: np.ndarray) -> np.ndarray:
    return (cv2.pow(np.clip(linear, 0, 1), 1 / 2.2) * 255 + 0.5).astype(np.uint8)


SRGB_TO_LINEAR = ((np.arange(256) / 255) ** 2.2).astype(np.float32)


def synthesise(seed: int, category: str, index: int) -> tuple[np.ndarray, dict]:
    """Renders one picture; returns 8-bit sRGB pixels and its index row.

    The room is rendered at a quarter of the resolution and enlarged (no decoder cares about
    its detail); the sign or phone and a margin around it are rendered at full resolution with
    every optical and sensor effect, and pasted in."""
    key = zlib.crc32(f"{category}/{index}".encode())
    rng = np.random.default_rng([seed, key])
    text = payload(rng)
    matrix = qr_matrix(text)
    n = matrix.shape[0]
    s = draw_shot(rng, category)
    if category == "closeup":
        s.module_px *= 29 / n
    hm = place(rng, s, n, 0.3 if s.allow_quiet_zone_crop else QUIET_ZONE)
    margin = sign_margin(rng, s)
    light_at = lighting(rng, s, hm, n)
    glare_at = glare_field(rng, s, hm, n) if s.glare > 0 else None
    w, h = s.size
    room_brightness = rng.uniform(0.4, 1.0) * (0.5 if s.screen else 1.0)

    # The room, at low resolution.
    lo = 4 if max(w, h) > 1000 else 1
    lo_w, lo_h = w // lo, h // lo
    xs = (np.arange(lo_w, dtype=np.float32) + 0.5) * lo - 0.5
    ys = (np.arange(lo_h, dtype=np.float32) + 0.5) * lo - 0.5
    room = background(rng, (lo_w, lo_h)) * room_brightness
    room = room * (light_at(xs[None, :], ys[:, None]) * s.exposure)[..., None] + s.veil
    frame = to_srgb8(room)
    if lo > 1:
        frame = cv2.resize(frame, (w, h), interpolation=cv2.INTER_CUBIC)

    # The region rendered in full: the sign (or phone) outline plus room for the blur.
    if s.screen:
        e = (n + 2 * QUIET_ZONE) / 2 + SCREEN_WHITE_MARGIN + SCREEN_BEZEL
        outline = np.array([[-e, -e], [e, -e], [e, e], [-e, e]])
    else:
        outline = sign_outline(n, margin)
    pts = apply_h(hm, outline)
    blur_sigma = math.hypot(s.optics_sigma, s.blur_sigma)
    pad = int(3 * blur_sigma + s.motion_px + 16)
    region = Region(max(0, int(pts[:, 0].min()) - pad), max(0, int(pts[:, 1].min()) - pad),
                    min(w, int(pts[:, 0].max()) + pad + 1), min(h, int(pts[:, 1].max()) + pad + 1))
    xx, yy = region.grid()
    linear = SRGB_TO_LINEAR[frame[region.y0:region.y1, region.x0:region.x1]]
    light = light_at(xx, yy)[..., None] * s.exposure
    if s.screen:
        emitted, lit, body = render_screen(rng, s, matrix, hm, region)
        body_colour = np.array([0.03, 0.03, 0.035], np.float32)
        linear = linear * (1 - body[..., None]) + (body_colour * light * 0.5 + s.veil) * body[..., None]
        glass = 0.04 * rng.uniform(0, 1) * (1 + smooth_noise(rng, region.size, 3))[..., None]
        screen = emitted * rng.uniform(0.55, 0.85) * s.exposure + glass + s.veil
        linear = linear * (1 - lit[..., None]) + screen * lit[..., None]
    else:
        refl, cover = render_sign(rng, s, matrix, hm, margin, region)
        paper = np.array(rng.uniform(0.78, 0.9) * rng.uniform(0.93, 1.0, 3), np.float32)
        ink = np.array(rng.uniform(0.03, 0.07, 3), np.float32)
        if s.inverted:
            # A dark sign with light modules: the "ink" is the board, the "paper" the modules.
            ink = np.array(rng.uniform(0.02, 0.06) * rng.uniform(0.7, 1.0, 3), np.float32)
        sign = (ink + (paper - ink) * refl[..., None]) * light + s.veil
        if glare_at is not None:
            sign += glare_at(xx, yy)[..., None] * np.array([1.0, 0.98, 0.93], np.float32)
        linear = linear * (1 - cover[..., None]) + sign * cover[..., None]

    # Optics: the lens and sensor, plus any defocus or shake.
    linear = cv2.GaussianBlur(linear, (0, 0), blur_sigma)
    if s.motion_px > 0:
        linear = cv2.filter2D(linear, -1, motion_kernel(s.motion_px, s.notes["motion_angle"]))

    # Sensor: signal-dependent shot noise plus read noise, in linear light, clipped at white.
    np.clip(linear, 0, None, out=linear)
    noise_sd = np.sqrt(s.shot_noise * linear + s.read_noise ** 2)
    linear += noise_sd * rng.standard_normal(linear.shape, dtype=np.float32)
    patch = to_srgb8(linear)
    # Outside the region the same noise, as a tile (the room needs no independent draw).
    tile = rng.standard_normal((256, 256, 3), dtype=np.float32)
    sd_srgb = 255 * 1.09 * math.sqrt(s.shot_noise * 0.2 + s.read_noise ** 2)
    tile = np.round(tile * sd_srgb).astype(np.int16)
    noise = np.tile(tile, (h // 256 + 1, w // 256 + 1, 1))[:h, :w]
    frame = np.clip(frame.astype(np.int16) + noise, 0, 255).astype(np.uint8)
    frame[region.y0:region.y1, region.x0:region.x1] = patch
    # The phone's sharpening, on the encoded picture.
    if s.sharpen > 0:
        soft = cv2.GaussianBlur(frame, (0, 0), 1.2 if max(w, h) > 1000 else 0.7)
        frame = cv2.addWeighted(frame, 1 + s.sharpen, soft, -s.sharpen, 0)

    code_corners = apply_h(hm, np.array([[-n / 2, -n / 2], [n / 2, -n / 2], [n / 2, n / 2], [-n / 2, n / 2]]))
    sides = np.linalg.norm(np.roll(code_corners, -1, axis=0) - code_corners, axis=1)
    row = {
        "category": category,
        "expected": text,
        "version": (n - 17) // 4,
        "width": w,
        "height": h,
        "min_module_px": round(float(sides.min() / n), 2),
        "max_module_px": round(float(sides.max() / n), 2),
        "roll_deg": round(math.degrees(s.roll) % 360, 1),
        "tilt_deg": round(math.degrees(math.acos(rotation(s.yaw, s.pitch, 0)[2, 2])), 1),
        "blur_px": round(blur_sigma, 2),
        "motion_px": round(s.motion_px, 1),
        "jpeg_quality": s.jpeg_quality,
        "exposure": round(s.exposure, 3),
        "notes": " ".join(f"{k}={v}" for k, v in s.notes.items()),
    }
    return frame, row


def render_to_file(args: tuple[str, int, str, int]) -> dict:
    out_dir, seed, category, index = args
    pixels, row = synthesise(seed, category, index)
    name = f"{category}-{index:02d}.jpg"
    Image.fromarray(pixels, "RGB").save(os.path.join(out_dir, name), "JPEG",
                                        quality=row["jpeg_quality"], subsampling="4:2:0")
    return {"file": name, **row}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", required=True, help="folder for the pictures and index.csv")
    parser.add_argument("--per-category", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--categories", default=",".join(CATEGORIES),
                        help="comma-separated subset of: " + ", ".join(CATEGORIES))
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()

    categories = [c for c in args.categories.split(",") if c]
    unknown = set(categories) - set(CATEGORIES)
    if unknown:
        parser.error(f"unknown categories: {', '.join(sorted(unknown))}")
    os.makedirs(args.out, exist_ok=True)
    work = [(args.out, args.seed, c, i) for c in categories for i in range(args.per_category)]
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        rows = list(pool.map(render_to_file, work))
    fields = list(rows[0].keys())
    with open(os.path.join(args.out, "index.csv"), "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=fields)
        writer.writeheader()
        writer.writerows(rows)
    print(f"wrote {len(rows)} pictures and index.csv to {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
