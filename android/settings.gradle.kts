// The Norochess Android app: `app` (Jetpack Compose, thin views) on top of
// `norochess-kit` (the generated Kotlin bindings of the Rust core, its
// libnorochess_ffi.so for each ABI, and the screen logic).
// Before the first build run ../scripts/build-android.sh.
pluginManagement {
    repositories {
        google()
        mavenCentral()
        gradlePluginPortal()
    }
}

dependencyResolutionManagement {
    repositoriesMode.set(RepositoriesMode.FAIL_ON_PROJECT_REPOS)
    repositories {
        google()
        mavenCentral()
    }
}

rootProject.name = "Norochess"
include(":app", ":norochess-kit")
