//! The UniFFI bindings generator of this workspace (see `scripts/generate-bindings.sh`).

fn main() {
    uniffi::uniffi_bindgen_main()
}
