// "A sound when it is your turn": off unless the player turns it on (the choice is kept in
// this browser). A short two-note chime made by the Web Audio API, so no sound file is
// downloaded; browsers let a page make sound only after a tap, which the switch itself is.

const KEY = "catan-turn-sound"

let context = null

/** Whether the player asked for the sound (false when storage is unavailable). */
export function soundOn() {
  try {
    return localStorage.getItem(KEY) === "1"
  } catch {
    return false
  }
}

/** Turn the sound on or off; turning it on plays the chime once, so the player hears it. */
export function setSound(on) {
  try {
    if (on) localStorage.setItem(KEY, "1")
    else localStorage.removeItem(KEY)
  } catch {
    // private windows may refuse storage: the choice lasts as long as the page
  }
  if (on) chime()
}

/** Play the chime (if the browser allows sound on this page yet). */
export function chime() {
  const Audio = window.AudioContext || window.webkitAudioContext
  if (!Audio) return
  try {
    context = context || new Audio()
    if (context.state === "suspended") context.resume()
    const start = context.currentTime + 0.02
    for (const [i, frequency] of [660, 880].entries()) {
      const tone = context.createOscillator()
      const gain = context.createGain()
      tone.type = "sine"
      tone.frequency.value = frequency
      const at = start + i * 0.14
      gain.gain.setValueAtTime(0.0001, at)
      gain.gain.exponentialRampToValueAtTime(0.15, at + 0.02)
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.25)
      tone.connect(gain).connect(context.destination)
      tone.start(at)
      tone.stop(at + 0.3)
    }
  } catch {
    // no sound device: the turn is still shown and announced
  }
}
